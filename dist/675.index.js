export const id = 675;
export const ids = [675];
export const modules = {

/***/ 8675:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  ProposalRefused: () => (/* binding */ ProposalRefused),
  applyProposal: () => (/* binding */ applyProposal),
  checkProposal: () => (/* binding */ checkProposal),
  checkStaged: () => (/* binding */ checkStaged),
  checkThreadReplies: () => (/* binding */ checkThreadReplies),
  checkedComments: () => (/* binding */ checkedComments),
  openProposal: () => (/* binding */ openProposal),
  outcomeOf: () => (/* reexport */ outcomeOf),
  propose: () => (/* binding */ propose),
  restageAsked: () => (/* binding */ restageAsked)
});

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./src/checkout/changes.ts
var checkout_changes = __webpack_require__(51557);
// EXTERNAL MODULE: ./src/core/review.ts
var core_review = __webpack_require__(47935);
// EXTERNAL MODULE: ./src/safety/git.ts
var git = __webpack_require__(88530);
// EXTERNAL MODULE: ./src/safety/paths.ts
var paths = __webpack_require__(81238);
// EXTERNAL MODULE: ./src/publish/commit.ts
var commit = __webpack_require__(26662);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 4 modules
var schemas = __webpack_require__(41514);
// EXTERNAL MODULE: ./src/core/outcome.ts
var outcome = __webpack_require__(29411);
;// CONCATENATED MODULE: ./src/publish/writes.ts
// What a two-phase run's agent job proposes to write (issue 32), as the
// manifest carries it: which run and which issue or pull request it is for,
// the commit it started from, how it ended, what the agent made of it (the
// answer, the review's findings, the replies to threads), the commit as a
// patch file beside the manifest, and the memories it would save. The publish
// job reads it with this schema — every text capped, every list bounded — and
// writes it as a one-job run would; nothing here says where to write: the
// publish job works that out from its own event and the base branch's config.



/** The longest text the manifest carries (an answer, a finding, a reason): far past what GitHub would take (65,536), short of what a runner would choke on. */
const MAX_WRITE_TEXT = 262_144;
const writes_text = schemas/* string */.YjP().max(MAX_WRITE_TEXT, { error: `is longer than ${MAX_WRITE_TEXT} characters` });
const count = schemas/* number */.aig().int().min(0);
const amount = schemas/* number */.aig().min(0);
const side = schemas/* enum */.k5n(['LEFT', 'RIGHT']);
const tokens = schemas/* object */.Ikc({ input: count, output: count, cacheRead: count, cacheWrite: count }).strict();
const terminal = schemas/* object */.Ikc({ reason: schemas/* enum */.k5n(['completed', 'max_turns', 'budget', 'timeout', 'aborted', 'error']), message: writes_text }).strict();
const draftComment = schemas/* object */.Ikc({
    path: schemas/* string */.YjP().min(1).max(4096),
    line: schemas/* number */.aig().int().min(1),
    side,
    startLine: schemas/* number */.aig().int().min(1).optional(),
    startSide: side.optional(),
    body: writes_text,
    anchored: schemas/* boolean */.zMY(),
    severity: schemas/* enum */.k5n(core_review/* SEVERITIES */.oC),
    currentCode: writes_text.optional(),
})
    .strict();
const OutcomeSchema = schemas/* object */.Ikc({
    terminal,
    answer: writes_text,
    turns: count,
    tokens,
    costUsd: amount,
    agents: schemas/* array */.YOg(schemas/* object */.Ikc({ kind: schemas/* enum */.k5n(outcome/* AGENT_KINDS */.y), agents: count, turns: count, tokens, costUsd: amount }).strict()).max(outcome/* AGENT_KINDS */.y.length),
    verification: schemas/* object */.Ikc({ verdict: schemas/* enum */.k5n(['PASS', 'FAIL']), reason: writes_text, checks: count, sentBack: count, stopped: terminal.optional() })
        .strict()
        .optional(),
    afterwards: schemas/* record */.g1P(schemas/* string */.YjP().max(100), writes_text).optional(),
    priceKnown: schemas/* boolean */.zMY(),
    durationMs: amount,
    tools: schemas/* array */.YOg(schemas/* tuple */.PVZ([schemas/* string */.YjP().max(200), schemas/* object */.Ikc({ count, totalMs: amount, errors: count }).strict()])).max(500),
    reviewComments: schemas/* array */.YOg(draftComment).max(500),
    doubleCheck: schemas/* object */.Ikc({
        checked: count,
        dropped: schemas/* array */.YOg(schemas/* object */.Ikc({ comment: draftComment, evidence: writes_text }).strict()).max(500),
        unchecked: schemas/* object */.Ikc({ count, why: writes_text }).strict().optional(),
    })
        .strict()
        .optional(),
    threadReplies: schemas/* array */.YOg(schemas/* object */.Ikc({ rootId: schemas/* number */.aig().int().positive(), body: writes_text, resolve: schemas/* boolean */.zMY() }).strict()).max(500),
    structuredOutput: schemas/* unknown */.L5J()
        .refine((value) => value === undefined || JSON.stringify(value).length <= MAX_WRITE_TEXT, { error: `is longer than ${MAX_WRITE_TEXT} characters as JSON` })
        .optional(),
    network: schemas/* object */.Ikc({
        refused: schemas/* array */.YOg(schemas/* object */.Ikc({ host: schemas/* string */.YjP().max(300), count, why: writes_text }).strict()).max(1000),
        reached: schemas/* array */.YOg(schemas/* object */.Ikc({ host: schemas/* string */.YjP().max(300), connections: count, bytes: count, failed: count }).strict()).max(1000),
    })
        .strict()
        .optional(),
})
    .strict();
const memory = schemas/* object */.Ikc({
    name: schemas/* string */.YjP().max(200),
    description: writes_text,
    type: schemas/* string */.YjP().max(50),
    source: schemas/* string */.YjP().max(2000),
    author: schemas/* string */.YjP().max(100),
    created: schemas/* string */.YjP().max(40),
    updated: schemas/* string */.YjP().max(40),
    body: writes_text,
})
    .strict();
const WritesSchema = schemas/* object */.Ikc({
    /** The run the writes belong to: the publish job refuses another run's, another repository's, another issue's. */
    run: schemas/* object */.Ikc({
        repository: schemas/* string */.YjP().max(200),
        run_id: schemas/* string */.YjP().max(40),
        event: schemas/* string */.YjP().max(100),
        mode: schemas/* enum */.k5n(['mention', 'review', 'fix', 'task', 'ci-fix']).nullable(),
        number: schemas/* number */.aig().int().positive().nullable(),
    })
        .strict(),
    tracking_comment_id: schemas/* number */.aig().int().positive().nullable(),
    /** The commit the agent started from: the publish job's checkout must be at it (a patch or a review is anchored there). */
    base_sha: schemas/* string */.YjP().regex(/^([0-9a-f]{40}|[0-9a-f]{64}|)$/, { error: 'must be a commit SHA' }),
    /** Where the agent's plan put its changes: the publish job's own plan must say the same. */
    commit_to: schemas/* enum */.k5n(['none', 'pr-head', 'new-branch']),
    /** How the agent job ended: a failure is published as that failure, and nothing else. */
    ended: schemas/* discriminatedUnion */.gMt('kind', [
        schemas/* object */.Ikc({ kind: schemas/* literal */.euz('finished') }).strict(),
        schemas/* object */.Ikc({ kind: schemas/* enum */.k5n(['failed', 'cancelled']), reason: writes_text }).strict(),
    ]),
    outcome: OutcomeSchema.nullable(),
    /** The changes, as a binary git patch against base_sha in the file named here, and the paths it touches. */
    commit: schemas/* object */.Ikc({ patch: schemas/* string */.YjP().max(200), paths: schemas/* array */.YOg(schemas/* string */.YjP().min(1).max(4096)).max(10_000) }).strict().nullable(),
    /** Memories to save and remove (the publish job stages each again, under its own rules). */
    memory: schemas/* object */.Ikc({ saved: schemas/* array */.YOg(memory).max(100), removed: schemas/* array */.YOg(schemas/* string */.YjP().max(200)).max(100), recalled: schemas/* array */.YOg(schemas/* string */.YjP().max(200)).max(100) }).strict().nullable(),
    /** What the agent job would have written, as its dry-run list shows it: for the person who approves. */
    planned: schemas/* array */.YOg(schemas/* object */.Ikc({ title: writes_text, content: writes_text }).strict()).max(200),
})
    .strict();
/** The outcome as the manifest carries it: plain values (the tools' map as pairs), no local path. */
function proposedOutcome(outcome) {
    const { transcriptPath: _path, tools, ...rest } = outcome;
    return { ...rest, tools: [...tools] };
}
/** The outcome the publish job reports, from what the manifest carries (the transcript stayed with the agent job). */
function outcomeOf(proposed) {
    return { ...proposed, tools: new Map(proposed.tools), transcriptPath: '' };
}

;// CONCATENATED MODULE: ./src/publish/manifest.ts
// The folder a run's agent phase leaves for its publish phase (issue 32): the
// files it would publish, and `manifest.json`, which carries the writes it
// proposes (writes.ts) and lists every other file with its SHA-256 and size. The agent job
// outputs the manifest's own SHA-256; the publish job, which holds the
// write token and no model, opens the folder only when the manifest is the
// one that digest names and every file is the one it lists — nothing more,
// nothing less, nothing outside the folder. Its JSON Schema is
// schemas/outputs-manifest.v1.json, generated from the schema here.





const MANIFEST_FILE = 'manifest.json';
const MANIFEST_VERSION = 1;
/** The most one file, and the whole folder, may hold: what one run publishes is far less. */
const MAX_OUTPUT_FILE_BYTES = 16 * 1024 * 1024;
const MAX_OUTPUTS_BYTES = 64 * 1024 * 1024;
const MAX_OUTPUT_FILES = 1000;
/** A path in the folder as the manifest writes it: relative, `/`-separated, no empty segment, none starting with a dot (no `..`, no `.git`). */
const OutputPath = schemas/* string */.YjP()
    .regex(/^(?!.*(^|\/)\.)(?!.*(^|\/)(\/|$))[A-Za-z0-9._\/-]{1,200}$/, { error: 'must be a plain relative path inside the folder' })
    .refine((path) => path !== MANIFEST_FILE, { error: 'must not be the manifest itself' });
const ManifestSchema = schemas/* object */.Ikc({
    version: schemas/* literal */.euz(MANIFEST_VERSION),
    files: schemas/* array */.YOg(schemas/* object */.Ikc({
        path: OutputPath,
        sha256: schemas/* string */.YjP().regex(/^[0-9a-f]{64}$/, { error: 'must be a SHA-256 in hex' }),
        bytes: schemas/* number */.aig().int().min(0).max(MAX_OUTPUT_FILE_BYTES),
    })
        .strict())
        .max(MAX_OUTPUT_FILES),
    writes: WritesSchema,
})
    .strict();
/** The folder cannot be trusted: the publish phase writes nothing of it, and says this line. */
class OutputsError extends Error {
    name = 'OutputsError';
}
const sha256 = (bytes) => (0,external_node_crypto_.createHash)('sha256').update(bytes).digest('hex');
/** Every regular file under `folder` but the manifest, as the manifest names it; a link or anything else is refused. */
function filesIn(folder) {
    const found = [];
    const walk = (dir) => {
        for (const entry of (0,external_node_fs_.readdirSync)(dir, { withFileTypes: true })) {
            const path = (0,external_node_path_.join)(dir, entry.name);
            const name = (0,external_node_path_.relative)(folder, path).split(external_node_path_.sep).join('/');
            if (entry.isDirectory())
                walk(path);
            else if (entry.isFile()) {
                if (name !== MANIFEST_FILE)
                    found.push(name);
            }
            else
                throw new OutputsError(`The outputs folder holds ${name}, which is not a regular file or a folder.`);
        }
    };
    walk(folder);
    return found.sort();
}
/** Writes `manifest.json` with `writes` for what `folder` holds; the SHA-256 of the manifest is what the agent job outputs. */
function sealOutputs(folder, writes) {
    const manifest = {
        version: MANIFEST_VERSION,
        writes,
        files: filesIn(folder).map((path) => {
            const bytes = (0,external_node_fs_.readFileSync)((0,external_node_path_.join)(folder, path));
            return { path, sha256: sha256(bytes), bytes: bytes.length };
        }),
    };
    const parsed = ManifestSchema.safeParse(manifest);
    if (!parsed.success)
        throw new OutputsError(`The outputs cannot be sealed: ${describe(parsed.error)}.`);
    const text = `${JSON.stringify(manifest, null, 2)}\n`;
    (0,external_node_fs_.writeFileSync)((0,external_node_path_.join)(folder, MANIFEST_FILE), text);
    return { manifest, sha256: sha256(text) };
}
function describe(error) {
    const issue = error.issues[0];
    return `${issue.path.map(String).join('.') || 'the manifest'} ${issue.message.replace(/^Invalid input: /, '')}`;
}
/** A regular file's bytes, refusing a link or anything that is not a file (read once: what is checked is what is used). */
function regularFile(path, name) {
    let stat;
    try {
        stat = (0,external_node_fs_.lstatSync)(path);
    }
    catch {
        throw new OutputsError(`The outputs folder has no ${name}.`);
    }
    if (!stat.isFile())
        throw new OutputsError(`The outputs folder's ${name} is not a regular file.`);
    if (stat.size > MAX_OUTPUTS_BYTES)
        throw new OutputsError(`The outputs folder's ${name} is larger than ${MAX_OUTPUTS_BYTES / 1024 / 1024} MB.`);
    return (0,external_node_fs_.readFileSync)(path);
}
/**
 * Opens the folder the agent phase left, when the manifest's SHA-256 is
 * `expected` (the agent job's output) and the folder holds exactly the files
 * it lists, each with its digest and size; otherwise one line saying what
 * does not match.
 */
function openOutputs(folder, expected) {
    if (!/^[0-9a-f]{64}$/.test(expected))
        throw new OutputsError("Input outputs_sha256 must be the agent job's outputs_sha256 (64 hex digits).");
    const text = regularFile((0,external_node_path_.join)(folder, MANIFEST_FILE), MANIFEST_FILE);
    if (sha256(text) !== expected)
        throw new OutputsError(`The outputs' ${MANIFEST_FILE} is not the one the agent job sealed: its SHA-256 differs from outputs_sha256.`);
    let raw;
    try {
        raw = JSON.parse(text.toString('utf8'));
    }
    catch {
        throw new OutputsError(`The outputs' ${MANIFEST_FILE} is not JSON.`);
    }
    const parsed = ManifestSchema.safeParse(raw);
    if (!parsed.success)
        throw new OutputsError(`The outputs' ${MANIFEST_FILE} is invalid: ${describe(parsed.error)}.`);
    const manifest = parsed.data;
    const listed = new Set();
    const contents = new Map();
    let total = 0;
    for (const entry of manifest.files) {
        if (listed.has(entry.path))
            throw new OutputsError(`The outputs' ${MANIFEST_FILE} lists ${entry.path} twice.`);
        listed.add(entry.path);
        const bytes = regularFile((0,external_node_path_.join)(folder, ...entry.path.split('/')), entry.path);
        if (bytes.length !== entry.bytes || sha256(bytes) !== entry.sha256)
            throw new OutputsError(`The outputs' ${entry.path} is not the file the manifest lists (its size or SHA-256 differs).`);
        total += bytes.length;
        if (total > MAX_OUTPUTS_BYTES)
            throw new OutputsError(`The outputs hold more than ${MAX_OUTPUTS_BYTES / 1024 / 1024} MB.`);
        contents.set(entry.path, bytes);
    }
    const unlisted = filesIn(folder).find((path) => !listed.has(path));
    if (unlisted)
        throw new OutputsError(`The outputs folder holds ${unlisted}, which the manifest does not list.`);
    return {
        manifest,
        file(path) {
            const bytes = contents.get(path);
            if (!bytes)
                throw new OutputsError(`The outputs' manifest lists no ${path}.`);
            return bytes;
        },
    };
}
/** The manifest's JSON Schema, as schemas/outputs-manifest.v1.json holds it. */
function manifestJsonSchema() {
    return {
        $id: 'https://github.com/deckhand/deckhand/schemas/outputs-manifest.v1.json',
        title: "Deckhand's outputs manifest, version 1",
        ...z.toJSONSchema(ManifestSchema, { io: 'input' }),
    };
}

;// CONCATENATED MODULE: ./src/publish/proposal.ts
// The two phases' hand-over (issue 32). The agent job, whose token may only
// read, seals what it would publish into a folder under RUNNER_TEMP: the
// manifest (writes.ts, every text redacted) and the commit as a binary patch
// against the commit it started from. The publish job, which holds the write
// token and no model, opens that folder only with the digest the agent job
// output, and takes nothing on the folder's word that it can work out itself:
// the run, the issue or pull request and where commits go come from its own
// event and the base branch's config, and must match; the patch may touch no
// `.git` and no workflow (unless the config allows it) and must apply to the
// very commit its checkout is at. A refusal is one line, and nothing of the
// folder is written.











const PATCH_FILE = 'commit.patch';
/** The publish job will not write what the agent job proposed: one line saying why. */
class ProposalRefused extends Error {
    name = 'ProposalRefused';
}
/** Every string in `value` passed through `redact` (the folder is an artifact: anyone who may read the repository's runs may download it). */
function redactedDeep(value, redact) {
    if (typeof value === 'string')
        return redact(value);
    if (Array.isArray(value))
        return value.map((item) => redactedDeep(item, redact));
    if (value && typeof value === 'object')
        return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactedDeep(item, redact)]));
    return value;
}
/** Seals the agent job's writes into `folder` (emptied first); the SHA-256 of its manifest is the job's outputs_sha256. */
async function propose(p) {
    (0,external_node_fs_.rmSync)(p.folder, { recursive: true, force: true });
    (0,external_node_fs_.mkdirSync)(p.folder, { recursive: true });
    let commit = null;
    const { work } = p;
    // A failed run publishes its failure and nothing else: no patch.
    if (p.ended.kind === 'finished' && work && work.commitTo !== 'none' && work.baseSha) {
        const changes = (0,checkout_changes/* readChanges */.St)(work.repo.root, await (0,checkout_changes/* changedPaths */.vl)(work.repo, work.baseSha)).filter((c) => c.kind === 'file' || c.kind === 'link' || c.kind === 'deleted');
        if (changes.length > 0) {
            const scratch = (0,external_node_fs_.mkdtempSync)((0,external_node_path_.join)((0,external_node_os_.tmpdir)(), 'deckhand-patch-'));
            try {
                (0,external_node_fs_.writeFileSync)((0,external_node_path_.join)(p.folder, PATCH_FILE), await (0,checkout_changes/* binaryPatchOf */.dn)(work.repo, work.baseSha, changes, scratch));
            }
            finally {
                (0,external_node_fs_.rmSync)(scratch, { recursive: true, force: true });
            }
            commit = { patch: PATCH_FILE, paths: changes.map((c) => c.path) };
        }
    }
    const desk = p.memory?.desk;
    const writes = redactedDeep({
        run: p.run,
        tracking_comment_id: p.trackingCommentId ?? null,
        base_sha: work?.baseSha ?? '',
        commit_to: work?.commitTo ?? 'none',
        ended: p.ended,
        outcome: p.outcome ? proposedOutcome(p.outcome) : null,
        commit,
        memory: p.memory ? { saved: desk ? [...desk.saved.values()] : [], removed: desk ? [...desk.removed.keys()] : [], recalled: p.memory.recalled.map((m) => m.name) } : null,
        planned: p.planned.map((write) => ({ title: write.title, content: write.content })),
    }, p.redact);
    const { sha256 } = sealOutputs(p.folder, writes);
    return { path: p.folder, sha256 };
}
function openProposal(folder, sha256) {
    if (!sha256)
        throw new ProposalRefused("Input outputs_sha256 is empty: the agent job left no outputs (see that job's log), so nothing is published but this failure.");
    const opened = openOutputs(folder, sha256);
    const { writes } = opened.manifest;
    return { writes, ...(writes.commit ? { patch: opened.file(writes.commit.patch) } : {}) };
}
/**
 * Refuses writes made for another run, repository, issue or pull request,
 * another tracking comment or another plan — and, when they change files or
 * review, made on another commit than the one the publish job's checkout is
 * at (the pull request's head moved: a stale base).
 */
function checkProposal(writes, own) {
    const { run } = writes;
    const differs = (what, theirs, ours) => {
        if (theirs !== ours)
            throw new ProposalRefused(`The agent job's outputs are for ${what} ${JSON.stringify(theirs)}, not ${JSON.stringify(ours)}, which this job publishes for.`);
    };
    differs('the repository', run.repository, own.repository);
    differs('the workflow run', run.run_id, own.runId);
    differs('the event', run.event, own.event);
    differs('the issue or pull request', run.number, own.number ?? null);
    differs('the tracking comment', writes.tracking_comment_id, own.trackingCommentId ?? null);
    if (writes.ended.kind !== 'finished')
        return;
    differs('the mode', run.mode, own.mode);
    differs('changes committed to', writes.commit_to, own.commitTo);
    const anchored = writes.commit !== null || (writes.outcome?.reviewComments.length ?? 0) > 0 || own.mode === 'review';
    if (anchored && writes.base_sha !== own.baseSha) {
        throw new ProposalRefused(`The agent job worked on ${writes.base_sha.slice(0, 7) || 'no commit'}, but this job's checkout is at ${own.baseSha.slice(0, 7) || 'no commit'}: the head moved since (a stale base), so nothing was published. Ask again to work on the new head.`);
    }
    if (writes.commit && writes.commit_to === 'none')
        throw new ProposalRefused("The agent job's outputs hold a commit, but this run's plan commits nothing.");
}
/**
 * The replies to review threads, held to what ReplyToReviewThread allows:
 * offered by this run's plan, one to a thread, each to a thread of this pull
 * request as the publish job read it, and a thread resolved only when
 * Deckhand started it.
 */
function checkThreadReplies(writes, threads, offered) {
    const replies = writes.outcome?.threadReplies ?? [];
    if (replies.length === 0)
        return;
    if (!offered.has('ReplyToReviewThread'))
        throw new ProposalRefused("The agent job's outputs reply to review threads, which this run's mode does not do.");
    const byRoot = new Map(threads.map((thread) => [thread.rootId, thread]));
    const seen = new Set();
    for (const reply of replies) {
        const thread = byRoot.get(reply.rootId);
        if (!thread)
            throw new ProposalRefused(`The agent job's outputs reply to the review thread ${reply.rootId}, which is not a thread of this pull request.`);
        if (seen.has(reply.rootId))
            throw new ProposalRefused(`The agent job's outputs reply to the review thread ${reply.rootId} twice.`);
        seen.add(reply.rootId);
        if (reply.resolve && thread.comments[0]?.author.permission !== 'deckhand') {
            throw new ProposalRefused(`The agent job's outputs resolve the review thread ${reply.rootId}, which Deckhand did not start.`);
        }
    }
}
/**
 * The review's comments, held to what AddReviewComment allows: offered by
 * this run's plan, of the least severity it takes, and inline only where its
 * diff has the line (the others go into the review's body, as the tool would
 * have put them) — whatever the outputs say of each.
 */
function checkedComments(writes, review, offered) {
    const comments = writes.outcome?.reviewComments ?? [];
    if (comments.length === 0)
        return [];
    if (!offered.has('AddReviewComment') || !review)
        throw new ProposalRefused("The agent job's outputs hold review comments, which this run's mode does not post.");
    return comments.map((comment) => {
        if (review.minSeverity && !(0,core_review/* atLeast */.jZ)(comment.severity, review.minSeverity)) {
            throw new ProposalRefused(`The agent job's outputs hold a ${comment.severity} comment on ${comment.path}, below review.min_severity (${review.minSeverity}).`);
        }
        const { path, line, side, startLine, startSide } = comment;
        const anchor = { path, line, side, ...(startLine !== undefined ? { startLine } : {}), ...(startSide !== undefined ? { startSide } : {}) };
        return { ...comment, anchored: review.anchorsIn ? review.anchorsIn(anchor) : false };
    });
}
/** Where a patch may not write: `.git` in any spelling, and the workflows unless the config allows it. */
function refusedPath(path, workflowChanges) {
    if ((0,paths/* touchesGit */.iU)(path))
        return `${path} is inside .git, which Deckhand never writes`;
    if (!workflowChanges && /^\.github\/workflows\//i.test(path))
        return `${path} is a workflow, which a two-phase run changes only when the config allows it (publish_workflow_changes: true)`;
    return undefined;
}
/**
 * Applies the agent job's patch to the checkout (at the commit the writes
 * name, checked before): only when every path it touches is the one the
 * writes list and may be written, and the checkout then differs from that
 * commit by exactly those paths.
 */
async function applyProposal(repo, proposal, opts) {
    const { writes, patch } = proposal;
    if (!writes.commit || !patch)
        return;
    const file = (0,external_node_path_.join)(opts.scratch, PATCH_FILE);
    (0,external_node_fs_.writeFileSync)(file, patch);
    const stat = await (0,git/* git */.$Y)(['apply', '--numstat', '-z', '--', file], repo).catch((err) => {
        throw new ProposalRefused(`The agent job's patch cannot be read: ${err.message}.`);
    });
    const touched = [];
    const fields = stat.split('\0');
    for (let i = 0; i < fields.length; i++) {
        const entry = fields[i];
        if (entry === '')
            continue;
        const path = entry.split('\t')[2];
        // `added<TAB>deleted<TAB>` then two names: a rename or a copy, which Deckhand's patches never hold.
        if (path === undefined || path === '')
            throw new ProposalRefused("The agent job's patch renames or copies a file, which a Deckhand patch never does.");
        touched.push(path);
    }
    for (const path of touched) {
        const why = refusedPath(path, opts.workflowChanges);
        if (why)
            throw new ProposalRefused(`The agent job's patch was refused: ${why}. Nothing was published.`);
    }
    const listed = [...writes.commit.paths].sort();
    const patched = [...new Set(touched)].sort();
    if (listed.join('\0') !== patched.join('\0'))
        throw new ProposalRefused("The agent job's patch touches other paths than its outputs list.");
    const before = await (0,checkout_changes/* changedPaths */.vl)(repo, writes.base_sha);
    if (before.length > 0)
        throw new ProposalRefused(`This job's checkout already differs from ${writes.base_sha.slice(0, 7)} (${before[0].path}): publish from a fresh checkout.`);
    await (0,git/* git */.$Y)(['apply', '--binary', '--whitespace=nowarn', '--', file], repo).catch((err) => {
        throw new ProposalRefused(`The agent job's patch does not apply to ${writes.base_sha.slice(0, 7)}: ${err.message}.`);
    });
    const changed = await (0,checkout_changes/* changedPaths */.vl)(repo, writes.base_sha);
    if (changed.map((c) => c.path).sort().join('\0') !== listed.join('\0'))
        throw new ProposalRefused("The agent job's patch changed other paths than its outputs list once applied.");
    // What a commit may not hold (a secret, a path that is no file or link) is refused now, before anything is written (the agent job would have failed on it).
    try {
        (0,commit/* refuseUnpublishable */.L9)((0,checkout_changes/* readChanges */.St)(repo.root, changed), opts.findSecret);
    }
    catch (err) {
        throw new ProposalRefused(err.message);
    }
}
/**
 * Stages again, on this job's desk and under its rules, what the asker had
 * the agent remember or forget (Remember, Forget); what the run learned from
 * others is taken again from the extraction's answer by the caller. Whatever
 * the rules refuse refuses the whole.
 */
async function restageAsked(writes, desk) {
    const memory = writes.memory;
    if (!memory || (memory.saved.length === 0 && memory.removed.length === 0))
        return;
    if (!desk)
        throw memoryRefused("this run may not change Deckhand's memory.");
    for (const saved of memory.saved) {
        if (saved.author !== desk.rules.asker.login || saved.source !== desk.source)
            continue;
        const result = await desk.save({ name: saved.name, description: saved.description, type: saved.type, body: saved.body });
        if ('refused' in result)
            throw memoryRefused(`${saved.name}: ${result.refused}`);
    }
    for (const name of memory.removed) {
        const result = desk.forget(name);
        if ('refused' in result)
            throw memoryRefused(`removing ${name}: ${result.refused}`);
    }
}
/** The desk, once the run's rules staged everything again, holds exactly what the outputs say. */
function checkStaged(writes, desk) {
    const memory = writes.memory;
    const proposed = { saved: (memory?.saved ?? []).map((m) => `${m.name}\0${m.author}\0${m.source}\0${m.type}\0${m.description}\0${m.body}`).sort(), removed: [...(memory?.removed ?? [])].sort() };
    const staged = { saved: [...(desk?.saved.values() ?? [])].map((m) => `${m.name}\0${m.author}\0${m.source}\0${m.type}\0${m.description}\0${m.body}`).sort(), removed: [...(desk?.removed.keys() ?? [])].sort() };
    const extra = proposed.saved.find((entry) => !staged.saved.includes(entry));
    if (extra) {
        const [name, author, source] = extra.split('\0');
        throw memoryRefused(`${name}, taught by @${author} in ${source || 'no comment'}, is not what this run's rules take from what it read.`);
    }
    if (staged.saved.length !== proposed.saved.length || staged.removed.join('\0') !== proposed.removed.join('\0'))
        throw memoryRefused('they are not what this run\'s rules stage from what it read.');
}
const memoryRefused = (why) => new ProposalRefused(`The agent job's memory changes were refused: ${why}`);


/***/ })

};
