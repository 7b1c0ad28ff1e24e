// V8's heap sized for an agent run: a long process that mostly waits on the
// network while its conversation grows. Imported before anything else
// (index.ts), because the action cannot pass Node flags (action.yml runs
// dist/index.js on `node24`); these two are read each time V8 sizes the heap,
// so setting them from here works (peak RSS of the 50-turn session in
// `npm run bench`: 158 MB → 101 MB on Node 20, for about 8 ms more CPU a turn).
//
// Any V8 flag set at run time changes the hash V8 keys its code cache with, so
// the cache Node ships for its own modules is refused for every module loaded
// afterwards: they compile from source (measured: +20 ms to the first model
// request). So Node's modules the run uses are loaded first — the ones a task
// run, a mention, a review and a fix load (`process.moduleLoadList`); the run
// would load each of them anyway. One missing from the list costs only its
// compile time.
import 'node:assert';
import 'node:child_process';
import 'node:crypto';
import 'node:dgram';
import 'node:diagnostics_channel';
import 'node:fs/promises';
import 'node:http';
import 'node:http2';
import 'node:https';
import 'node:net';
import 'node:os';
import 'node:perf_hooks';
import 'node:stream';
import 'node:stream/promises';
import 'node:string_decoder';
import 'node:tls';
import 'node:util/types';
import 'node:vm';
import 'node:worker_threads';
import 'node:zlib';
import { setFlagsFromString } from 'node:v8';

// The web streams a response's body is read through load on first use: the
// model's first answer would load them after the flags. (Node's fetch, undici,
// is not used by the action itself: src/http.ts.)
void globalThis.ReadableStream;
void globalThis.WritableStream;

// The young generation keeps its first size (1 MB semi-spaces) instead of
// doubling up to 16 MB (Node 20) or 32 MB (Node 24) per semi-space: the run
// allocates little at a time, and scavenging a small space is quick.
setFlagsFromString('--semi-space-growth-factor=1');
// A full collection starts once the old generation is 25% past what the last
// one kept, so the request bodies of earlier turns (large strings, garbage once
// sent) are freed as the session goes instead of piling up until the exit.
setFlagsFromString('--heap-growing-percent=25');
