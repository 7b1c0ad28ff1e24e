// V8's heap sized for an agent run: a long process that mostly waits on the
// network while its conversation grows. Imported before anything else
// (index.ts), because the action cannot pass Node flags (action.yml runs
// dist/index.js on `node24`); these two are read each time V8 sizes the heap,
// so setting them from here works (peak RSS of the 50-turn session in
// `npm run bench`: 158 MB → 101 MB on Node 20, for about 8 ms more CPU a turn).
import { setFlagsFromString } from 'node:v8';

// The young generation keeps its first size (1 MB semi-spaces) instead of
// doubling up to 16 MB (Node 20) or 32 MB (Node 24) per semi-space: the run
// allocates little at a time, and scavenging a small space is quick.
setFlagsFromString('--semi-space-growth-factor=1');
// A full collection starts once the old generation is 25% past what the last
// one kept, so the request bodies of earlier turns (large strings, garbage once
// sent) are freed as the session goes instead of piling up until the exit.
setFlagsFromString('--heap-growing-percent=25');
