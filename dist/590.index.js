export const id = 590;
export const ids = [590];
export const modules = {

/***/ 16590:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runFleetJob: () => (/* binding */ runFleetJob)
});

// EXTERNAL MODULE: ./src/format.ts
var format = __webpack_require__(16264);
// EXTERNAL MODULE: ./src/github/api.ts
var api = __webpack_require__(28943);
// EXTERNAL MODULE: ./src/inputs.ts
var inputs = __webpack_require__(38422);
// EXTERNAL MODULE: ./src/fleet/entries.ts
var fleet_entries = __webpack_require__(6120);
// EXTERNAL MODULE: ./src/config/repo.ts
var config_repo = __webpack_require__(83928);
// EXTERNAL MODULE: ./src/pooled.ts
var pooled = __webpack_require__(52728);
;// CONCATENATED MODULE: ./src/fleet/targets.ts
// A fleet's targets: every entry of fleet_repositories listed through GitHub's
// REST API with the workflow's token — an owner's repositories (an
// organization's, else a user's), GitHub's repository search when the entry
// has qualifiers, or one repository by name — then each target's config read
// from its default branch, so a repository that says `fleet: off` is left
// out. Archived repositories, forks and empty ones are left out unless the
// entry's qualifiers ask for them (`archived:true`, `fork:true`). Pages after
// the first, and the configs, are read in parallel, a bounded number at once.



/** How many GitHub reads a fleet job has in flight at once (GitHub asks for well under 100). */
const READS_AT_ONCE = 32;
/** A page of a listing: GitHub's most. */
const PER_PAGE = 100;
/** GitHub's search shows only this many results of one query. */
const SEARCH_MAX = 1000;
/** A listing or a read failed, or the plan is past its cap: one line. */
class FleetError extends Error {
    name = 'FleetError';
}
/** The last page a Link header names (1 when there is none). */
function lastPage(headers) {
    const link = String(headers.link ?? '');
    const last = /<[^>]*[?&]page=(\d+)[^>]*>;\s*rel="last"/.exec(link);
    return last ? Number(last[1]) : 1;
}
/** Every item of a listing: its first page, then the rest at once (the first's Link header says how many). */
async function allPages(rest, route, params, itemsOf = (data) => data) {
    const first = await rest(route, { ...params, per_page: PER_PAGE, page: 1 });
    const pages = Array.from({ length: lastPage(first.headers) - 1 }, (_, i) => i + 2);
    const more = await (0,pooled/* pooled */.I)(pages, READS_AT_ONCE, async (page) => itemsOf((await rest(route, { ...params, per_page: PER_PAGE, page })).data));
    return [...itemsOf(first.data), ...more.flat()];
}
/** An owner's repositories: an organization's (every one the token reaches), else a user's. */
async function ownerRepositories(rest, owner) {
    try {
        return await allPages(rest, 'GET /orgs/{org}/repos', { org: owner, type: 'all' });
    }
    catch (err) {
        if (!(err instanceof api/* GitHubError */.y_) || err.status !== 404)
            throw err;
    }
    try {
        return await allPages(rest, 'GET /users/{username}/repos', { username: owner, type: 'owner' });
    }
    catch (err) {
        if (err instanceof api/* GitHubError */.y_ && err.status === 404)
            throw new FleetError(`fleet_repositories names ${owner}/*, but GitHub knows no organization or user ${owner}.`);
        throw err;
    }
}
/** The repositories a search finds (GitHub shows the first 1,000 of a query only: past that, the entry must be narrowed). */
async function searched(rest, entry, query) {
    const itemsOf = (data) => data.items;
    const first = await rest('GET /search/repositories', { q: query, per_page: PER_PAGE, page: 1 });
    if (first.data.total_count > SEARCH_MAX) {
        throw new FleetError(`fleet_repositories entry "${entry.text}" matches ${first.data.total_count} repositories, and GitHub's search shows only ${SEARCH_MAX}: narrow it with more qualifiers, or split it.`);
    }
    const pages = Array.from({ length: Math.ceil(first.data.total_count / PER_PAGE) - 1 }, (_, i) => i + 2);
    const more = await (0,pooled/* pooled */.I)(pages, READS_AT_ONCE, async (page) => itemsOf((await rest('GET /search/repositories', { q: query, per_page: PER_PAGE, page })).data));
    return [...first.data.items, ...more.flat()];
}
/** One entry's repositories, with the filters it asked for (or the defaults) applied; counts what the defaults left out. */
async function listEntry(rest, entry, listing) {
    const { leftOut } = listing;
    const { owner, name, qualifiers } = entry;
    const asks = (key) => qualifiers.some((q) => q.replace(/^-/, '').startsWith(`${key}:`));
    if (qualifiers.length > 0) {
        // GitHub's search filters: forks are out of a search unless asked for; archived ones are out here unless asked for.
        // One repository named: a fork too, as without qualifiers.
        const scope = name === '*' ? [`user:${owner}`] : [`repo:${owner}/${name}`, ...(asks('fork') ? [] : ['fork:true'])];
        const query = [...scope, ...qualifiers, ...(asks('archived') ? [] : ['archived:false'])].join(' ');
        listing.searched = true;
        return searched(rest, entry, query);
    }
    if (name !== '*') {
        try {
            const repo = (await rest('GET /repos/{owner}/{repo}', { owner, repo: name })).data;
            // Named on purpose: a fork is a target; an archived repository takes no pull request.
            if (repo.archived) {
                leftOut.archived++;
                return [];
            }
            return [repo];
        }
        catch (err) {
            if (err instanceof api/* GitHubError */.y_ && err.status === 404)
                throw new FleetError(`fleet_repositories names ${owner}/${name}, which does not exist or which this token cannot reach.`);
            throw err;
        }
    }
    const all = await ownerRepositories(rest, owner);
    return all.filter((repo) => {
        if (repo.archived)
            leftOut.archived++;
        else if (repo.fork)
            leftOut.forks++;
        return !repo.archived && !repo.fork;
    });
}
/** A target's config file on its default branch: its text, none, or the repository has no commits at all. */
async function configOf(rest, repository, branch, path) {
    const [owner, repo] = repository.split('/');
    try {
        const { data } = await rest('GET /repos/{owner}/{repo}/contents/{path}', { owner, repo, path, ref: branch });
        if (data.type !== 'file' || data.content === undefined)
            return { kind: 'none' };
        return { kind: 'config', text: Buffer.from(data.content, data.encoding ?? 'base64').toString('utf8') };
    }
    catch (err) {
        // GitHub answers an empty repository's contents with 404 "This repository is empty." (409 for some calls).
        if (err instanceof api/* GitHubError */.y_ && (err.status === 409 || (err.status === 404 && /repository is empty/i.test(err.message))))
            return { kind: 'empty' };
        if (err instanceof api/* GitHubError */.y_ && err.status === 404)
            return { kind: 'none' };
        throw new FleetError(`Could not read ${repository}'s ${path}: ${err.message}`);
    }
}
/** The fleet's targets: every entry listed, deduplicated, filtered, and each one's config asked whether it opted out. */
async function listFleet(rest, entries, configPath) {
    const listing = { targets: [], optedOut: [], leftOut: { archived: 0, forks: 0, empty: 0 }, unreadable: [], searched: false };
    const lists = await Promise.all(entries.map((entry) => listEntry(rest, entry, listing)));
    const byName = new Map();
    for (const repo of lists.flat())
        byName.set(repo.full_name.toLowerCase(), repo);
    const candidates = [...byName.values()].sort((a, b) => a.full_name.toLowerCase().localeCompare(b.full_name.toLowerCase()));
    const configs = await (0,pooled/* pooled */.I)(candidates, READS_AT_ONCE, (repo) => configOf(rest, repo.full_name, repo.default_branch ?? 'HEAD', configPath));
    for (const [i, repo] of candidates.entries()) {
        const config = configs[i];
        if (config.kind === 'empty') {
            listing.leftOut.empty++;
            continue;
        }
        if (config.kind === 'config') {
            try {
                const { config: parsed } = await (0,config_repo/* parseConfig */.o4)(config.text, `${repo.full_name}:${configPath}`);
                if (parsed.fleet === 'off') {
                    listing.optedOut.push(repo.full_name);
                    continue;
                }
            }
            catch (err) {
                if (!(err instanceof config_repo/* ConfigError */.xL))
                    throw err;
                listing.unreadable.push({ repository: repo.full_name, why: err.message });
            }
        }
        listing.targets.push({ repository: repo.full_name, defaultBranch: repo.default_branch ?? '' });
    }
    return listing;
}

;// CONCATENATED MODULE: ./src/fleet/plan.ts
// fleet-plan: the fleet's targets as the matrix of the jobs that run them —
// output `matrix` ({"include": [{"repository": "owner/name"}, …]}) and, in
// chunks of at most 256 (GitHub's limit for one matrix), `matrix_1` … and
// `matrix_count` — with the fleet's worst-case cost in the job summary. It
// calls no model.





/** GitHub runs at most 256 jobs of one matrix. */
const MATRIX_MAX = 256;
/** Names in a summary list, past which a count stands for the rest. */
const NAMES_SHOWN = 300;
/** The matrix of some targets, as strategy.matrix takes it (fromJSON). */
function matrixOf(repositories) {
    return JSON.stringify({ include: repositories.map((repository) => ({ repository })) });
}
function nameList(names) {
    const shown = names.slice(0, NAMES_SHOWN).map((name) => `\`${name}\``);
    return names.length > NAMES_SHOWN ? `${shown.join(', ')} … and ${names.length - NAMES_SHOWN} more` : shown.join(', ');
}
function planSummary(listing, settings, chunks, seconds) {
    const { targets, optedOut, leftOut, unreadable } = listing;
    const worst = targets.length * settings.maxBudgetUsd;
    const lines = [
        `## Deckhand fleet plan${settings.fleetId ? `: \`${settings.fleetId}\`` : ''}`,
        '',
        `**${targets.length} target${targets.length === 1 ? '' : 's'}** in ${chunks} matri${chunks === 1 ? 'x' : 'ces'} of at most ${MATRIX_MAX} jobs, listed in ${seconds.toFixed(1)} s.`,
        `Worst-case cost: **${(0,format/* formatCost */.BD)(worst)}** (${targets.length} × max_budget_usd ${(0,format/* formatCost */.BD)(settings.maxBudgetUsd)}, each target's budget).`,
        '',
        '| repositories | |',
        '|---|---:|',
        `| targets | ${targets.length} |`,
        `| opted out (\`fleet: off\`) | ${optedOut.length} |`,
        `| left out: archived | ${leftOut.archived} |`,
        `| left out: forks | ${leftOut.forks} |`,
        `| left out: empty | ${leftOut.empty} |`,
        '',
        ...(listing.searched ? ["An entry with search qualifiers was listed by GitHub's search, which leaves out forks and archived repositories itself: those are not counted above.", ''] : []),
    ];
    if (targets.length > 0)
        lines.push(`<details><summary>Targets (${targets.length})</summary>`, '', nameList(targets.map((t) => t.repository)), '', '</details>', '');
    if (optedOut.length > 0)
        lines.push(`<details><summary>Opted out (${optedOut.length})</summary>`, '', nameList(optedOut), '', '</details>', '');
    if (unreadable.length > 0) {
        lines.push(`Configs that could not be read (kept in: each target's own run says why): ${nameList(unreadable.map((u) => u.repository))}`, '');
    }
    return lines.join('\n');
}
async function planFleet(settings, sink) {
    const entries = (0,fleet_entries/* parseFleetRepositories */.kb)(settings.repositories);
    if (entries.length === 0)
        throw new fleet_entries/* FleetInputError */.J0('Input fleet_repositories is empty: fleet-plan lists the repositories it names (owner/* or owner/name, one a line).');
    if (!settings.token)
        throw new FleetError("fleet-plan needs a github_token that reaches the fleet's repositories (a GitHub App's installation token).");
    const started = Date.now();
    const rest = (0,api/* restCalls */.YR)({ token: settings.token, baseUrl: settings.apiUrl, warn: (message) => sink.warning(message), atOnce: READS_AT_ONCE });
    const listing = await listFleet(rest, entries, settings.configPath);
    const repositories = listing.targets.map((target) => target.repository);
    if (repositories.length > settings.maxTargets) {
        throw new FleetError(`The fleet has ${repositories.length} targets, more than fleet_max_targets (${settings.maxTargets}): narrow fleet_repositories, or raise fleet_max_targets (at most ${inputs/* MAX_FLEET_TARGETS */.rY}).`);
    }
    const chunks = [];
    for (let at = 0; at < repositories.length; at += MATRIX_MAX)
        chunks.push(repositories.slice(at, at + MATRIX_MAX));
    const seconds = (Date.now() - started) / 1000;
    for (const { repository, why } of listing.unreadable.slice(0, 20))
        sink.warning(`${repository}: ${why}`);
    sink.log(`Deckhand fleet plan: ${repositories.length} targets in ${chunks.length} matri${chunks.length === 1 ? 'x' : 'ces'}; ${listing.optedOut.length} opted out; left out ${listing.leftOut.archived} archived, ${listing.leftOut.forks} forks, ${listing.leftOut.empty} empty (${seconds.toFixed(1)} s).`);
    sink.summary(planSummary(listing, settings, chunks.length, seconds));
    sink.output('conclusion', 'success');
    sink.output('matrix', matrixOf(repositories));
    sink.output('matrix_count', String(chunks.length));
    // Every chunk action.yml declares is set: one a workflow does not run is an empty matrix, never a value fromJSON refuses.
    for (let i = 0; i < inputs/* MAX_FLEET_TARGETS */.rY / MATRIX_MAX; i++)
        sink.output(`matrix_${i + 1}`, matrixOf(chunks[i] ?? []));
    return 0;
}

// EXTERNAL MODULE: external "node:zlib"
var external_node_zlib_ = __webpack_require__(38522);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 4 modules
var schemas = __webpack_require__(41514);
// EXTERNAL MODULE: ./src/github/branch-name.ts
var branch_name = __webpack_require__(12335);
// EXTERNAL MODULE: ./src/github/markers.ts
var markers = __webpack_require__(23400);
// EXTERNAL MODULE: ./src/fleet/record.ts
var fleet_record = __webpack_require__(15819);
;// CONCATENATED MODULE: ./src/fleet/report.ts
// fleet-report: after the matrix, how each target went — from the jobs of this
// workflow run (their conclusions, through the Actions API), the notice each
// target's run left on its job, and the pull requests on the fleet's branch
// carrying the fleet's label — kept in one tracking issue in the fleet's home
// repository: a table of every target, totals of cost and turns, and what
// changed since the last run of the same fleet (read from the issue's own
// hidden record). A re-run edits the same issue. It calls no model.










const STATUS_WORDS = {
    opened: '🆕 pull request opened',
    updated: '🔄 pull request updated',
    unchanged: 'pull request unchanged',
    declined: '🚫 pull request closed unmerged: left alone',
    'no-change': 'nothing to change',
    failed: '❌ failed',
    cancelled: '⏹️ cancelled',
    skipped: 'skipped',
    'not-run': '⚠️ not run',
    'opted-out': 'opted out',
};
/** The table's order: what needs a reader first. */
const STATUS_ORDER = ['failed', 'cancelled', 'not-run', 'opened', 'updated', 'unchanged', 'declined', 'skipped', 'no-change', 'opted-out'];
const ReportRecordSchema = schemas/* object */.Ikc({
    fleet: schemas/* string */.YjP(),
    run: schemas/* string */.YjP(),
    targets: schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* tuple */.PVZ([schemas/* string */.YjP(), schemas/* number */.aig().optional(), schemas/* enum */.k5n(['open', 'merged', 'closed']).optional()])),
});
/** The record at the very end of the issue's body: its JSON deflated and in base64, so a fleet of 1,024 long names fits beside the table. */
const RECORD_AT_END = /\n<!-- deckhand -->\n<!-- deckhand:fleet-report=([A-Za-z0-9+/=]+) -->\s*$/;
/** GitHub's limit on an issue's body. */
const BODY_MAX = 65_536;
/** Lines of "since the last run" shown before a count stands for the rest. */
const CHANGES_SHOWN = 60;
function reportRecordOf(body, fleet) {
    const packed = RECORD_AT_END.exec(body ?? '')?.[1];
    if (!packed)
        return undefined;
    let json;
    try {
        json = (0,external_node_zlib_.inflateRawSync)(Buffer.from(packed, 'base64'), { maxOutputLength: 4 * 1024 * 1024 }).toString('utf8');
    }
    catch {
        return undefined;
    }
    const record = (0,fleet_record/* parsedAs */.Qv)(ReportRecordSchema, json);
    return record?.fleet === fleet ? record : undefined;
}
function reportRecordMark(record) {
    return `<!-- deckhand:fleet-report=${(0,external_node_zlib_.deflateRawSync)(JSON.stringify(record), { level: 9 }).toString('base64')} -->`;
}
/** The matrix job of a target, by the name GitHub gives it: `<job> (owner/name)`, or the name alone. */
function jobFor(jobs, repository) {
    const wanted = repository.toLowerCase();
    return jobs.find((job) => {
        const name = job.name.toLowerCase();
        return name === wanted || name.endsWith(`(${wanted})`) || name.endsWith(` ${wanted}`) || name.includes(`(${wanted},`);
    });
}
/**
 * The notices targets' runs left on this run's finished jobs, by repository:
 * the first of each job's, and only for the target the job is named after
 * (`<job> (owner/name)`), when it is named after one — so no step of one
 * target's job can speak for another target.
 */
async function noticesOf(rest, settings, jobs, targets) {
    const [owner, repo] = settings.home.split('/');
    const title = (0,fleet_record/* noticeTitle */.Zg)(settings.fleetId);
    const found = new Map();
    const finished = jobs.filter((job) => job.status === 'completed');
    const lists = await (0,pooled/* pooled */.I)(finished, READS_AT_ONCE, (job) => allPages(rest, 'GET /repos/{owner}/{repo}/check-runs/{check_run_id}/annotations', { owner, repo, check_run_id: job.id }, (data) => data));
    finished.forEach((job, i) => {
        const namedFor = targets.find((target) => jobFor([job], target) !== undefined);
        const annotation = lists[i].find((a) => a.annotation_level === 'notice' && a.title === title && a.message);
        const notice = annotation ? (0,fleet_record/* parsedAs */.Qv)(fleet_record/* FleetNoticeSchema */.m6, annotation.message) : undefined;
        if (!notice || notice.fleet !== settings.fleetId || notice.run !== settings.runId)
            return;
        if (namedFor !== undefined && namedFor.toLowerCase() !== notice.repository.toLowerCase())
            return;
        const key = notice.repository.toLowerCase();
        if (!found.has(key))
            found.set(key, { notice, job });
    });
    return found;
}
/** The fleet's pull request in a target: the newest on the fleet's branch that carries the fleet's label. */
async function pullOf(rest, repository, branch) {
    const [owner, repo] = repository.split('/');
    const { data } = await rest('GET /repos/{owner}/{repo}/pulls', { owner, repo, head: `${owner}:${branch}`, state: 'all', per_page: 30 });
    return data
        .filter((pull) => pull.head.ref === branch && pull.labels.some((label) => label.name === fleet_record/* FLEET_LABEL */._5))
        .sort((a, b) => b.number - a.number)[0];
}
function pullState(pull) {
    return pull.merged_at ? 'merged' : pull.state === 'open' ? 'open' : 'closed';
}
/** A target's line: its notice first, its job's conclusion over it when the job failed, the pull request's record when there is no notice. */
function lineOf(repository, settings, job, notice, pull) {
    const line = { repository, status: 'not-run', costUsd: notice?.cost_usd ?? 0, turns: notice?.turns ?? 0 };
    if (job)
        line.job = { url: job.html_url ?? '', conclusion: job.conclusion };
    if (pull)
        line.pull = { number: pull.number, url: pull.html_url, state: pullState(pull) };
    if (notice?.reason)
        line.reason = notice.reason;
    const conclusion = job?.conclusion;
    if (conclusion === 'failure' || conclusion === 'timed_out' || conclusion === 'startup_failure')
        line.status = 'failed';
    else if (conclusion === 'cancelled')
        line.status = 'cancelled';
    else if (notice)
        line.status = notice.outcome;
    else if (conclusion === 'success') {
        // No notice (a run of an older Deckhand, or one that could not say): the pull request's record says whether this run wrote it.
        const record = (0,fleet_record/* fleetRecordOf */.PA)(pull?.body);
        if (record && record.run === settings.runId && record.fleet === settings.fleetId) {
            line.status = record.outcome;
            line.costUsd = record.cost_usd;
            line.turns = record.turns;
        }
        else
            line.status = 'no-change';
    }
    return line;
}
const cell = (text) => text.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|').slice(0, 300);
function rowOf(line) {
    const job = line.job?.url && (line.status === 'failed' || line.status === 'cancelled') ? ` ([job](${line.job.url}))` : '';
    const why = line.reason && (line.status === 'failed' || line.status === 'cancelled' || line.status === 'skipped') ? `: ${cell(line.reason)}` : '';
    const pull = line.pull ? `[#${line.pull.number}](${line.pull.url})${line.pull.state === 'open' ? '' : ` (${line.pull.state})`}` : '';
    const spent = line.turns > 0 || line.costUsd > 0 ? `${(0,format/* formatCost */.BD)(line.costUsd)} · ${line.turns}` : '';
    return `| \`${line.repository}\` | ${STATUS_WORDS[line.status]}${job}${why} | ${pull} | ${spent} |`;
}
/** What changed since the last report of the same fleet. */
function changesSince(previous, lines) {
    if (!previous)
        return ['This is the fleet\'s first report.'];
    const out = [];
    const now = new Set(lines.map((line) => line.repository));
    for (const line of lines) {
        const before = previous.targets[line.repository];
        if (!before) {
            out.push(`- \`${line.repository}\`: new target, ${STATUS_WORDS[line.status]}`);
            continue;
        }
        const [status, number, state] = before;
        if (status !== line.status)
            out.push(`- \`${line.repository}\`: ${STATUS_WORDS[status] ?? status} → ${STATUS_WORDS[line.status]}`);
        if (line.pull && number === line.pull.number && state && state !== line.pull.state)
            out.push(`- \`${line.repository}\`: #${line.pull.number} ${state} → ${line.pull.state}`);
    }
    for (const repository of Object.keys(previous.targets))
        if (!now.has(repository))
            out.push(`- \`${repository}\`: no longer a target`);
    if (out.length === 0)
        return ['Nothing changed since the last run.'];
    return out.length > CHANGES_SHOWN ? [...out.slice(0, CHANGES_SHOWN), `- … and ${out.length - CHANGES_SHOWN} more`] : out;
}
/** The report as Markdown: heading, totals, changes, then the table (`rows` of it, the rest counted). */
function reportBody(settings, lines, changes, rows) {
    const counts = new Map();
    for (const line of lines)
        counts.set(line.status, (counts.get(line.status) ?? 0) + 1);
    const cost = lines.reduce((sum, line) => sum + line.costUsd, 0);
    const turns = lines.reduce((sum, line) => sum + line.turns, 0);
    const runUrl = `${settings.serverUrl}/${settings.home}/actions/runs/${settings.runId}`;
    const sorted = [...lines].sort((a, b) => STATUS_ORDER.indexOf(a.status) - STATUS_ORDER.indexOf(b.status) || a.repository.localeCompare(b.repository));
    const parts = [
        `## Deckhand fleet \`${settings.fleetId}\``,
        '',
        `Last run: [${settings.runId}](${runUrl}) · ${lines.length} target${lines.length === 1 ? '' : 's'} · ${(0,format/* formatCost */.BD)(cost)} · ${turns} turn${turns === 1 ? '' : 's'}`,
        '',
        STATUS_ORDER.filter((status) => counts.has(status)).map((status) => `${STATUS_WORDS[status]}: **${counts.get(status)}**`).join(' · '),
        '',
        '### Since the last run',
        '',
        ...changes,
        '',
        '### Targets',
        '',
        '| repository | result | pull request | cost · turns |',
        '|---|---|---|---|',
        ...sorted.slice(0, rows).map(rowOf),
    ];
    if (rows < sorted.length)
        parts.push('', `… and ${sorted.length - rows} more targets: the [run's job summary](${runUrl}) lists every one.`);
    return parts.join('\n');
}
/** The fleet's tracking issue in its home repository: Deckhand's own issue with this fleet's record, or none yet. */
async function trackingIssue(rest, settings) {
    const [owner, repo] = settings.home.split('/');
    const self = await rest('GET /user').then((answer) => answer.data.login, () => undefined);
    const issues = await allPages(rest, 'GET /repos/{owner}/{repo}/issues', { owner, repo, labels: fleet_record/* FLEET_LABEL */._5, state: 'all' }, (data) => data);
    return issues
        .filter((issue) => !issue.pull_request && issue.user && reportRecordOf(issue.body, settings.fleetId) && (0,markers/* isOwnOutput */.Qs)(issue.body ?? '', issue.user, self))
        .sort((a, b) => a.number - b.number)[0];
}
async function reportFleet(settings, sink) {
    const entries = (0,fleet_entries/* parseFleetRepositories */.kb)(settings.repositories);
    if (entries.length === 0)
        throw new fleet_entries/* FleetInputError */.J0('Input fleet_repositories is empty: fleet-report needs the same repositories as the plan.');
    if (!settings.fleetId)
        throw new fleet_entries/* FleetInputError */.J0('Input fleet_id is empty: fleet-report reports the fleet it names.');
    if (!settings.token)
        throw new FleetError("fleet-report needs a github_token that reads this run's jobs and the targets' pull requests, and writes this repository's issues.");
    const [owner, repo] = settings.home.split('/');
    if (!owner || !repo)
        throw new FleetError('GITHUB_REPOSITORY is not owner/name: fleet-report keeps its issue there.');
    const started = Date.now();
    const rest = (0,api/* restCalls */.YR)({ token: settings.token, baseUrl: settings.apiUrl, warn: (message) => sink.warning(message), atOnce: READS_AT_ONCE });
    const branch = (0,branch_name/* fleetBranch */.rs)(settings.branchPrefix, settings.fleetId);
    const [listing, jobs, issue] = await Promise.all([
        listFleet(rest, entries, settings.configPath),
        allPages(rest, 'GET /repos/{owner}/{repo}/actions/runs/{run_id}/jobs', { owner, repo, run_id: settings.runId, filter: 'latest' }, (data) => data.jobs),
        trackingIssue(rest, settings),
    ]);
    const targets = listing.targets.map((target) => target.repository);
    const notices = await noticesOf(rest, settings, jobs, targets);
    const pulls = await (0,pooled/* pooled */.I)(targets, READS_AT_ONCE, (repository) => pullOf(rest, repository, branch));
    const lines = targets.map((repository, i) => {
        const noticed = notices.get(repository.toLowerCase());
        return lineOf(repository, settings, noticed?.job ?? jobFor(jobs, repository), noticed?.notice, pulls[i]);
    });
    for (const repository of listing.optedOut)
        lines.push({ repository, status: 'opted-out', costUsd: 0, turns: 0 });
    const previous = issue ? reportRecordOf(issue.body, settings.fleetId) : undefined;
    const changes = changesSince(previous, lines);
    const record = { fleet: settings.fleetId, run: settings.runId, targets: {} };
    for (const line of lines)
        record.targets[line.repository] = line.pull ? [line.status, line.pull.number, line.pull.state] : [line.status];
    const mark = `\n\n${markers/* MARKER */.tl}\n${reportRecordMark(record)}`;
    const { defang } = await __webpack_require__.e(/* import() */ 932).then(__webpack_require__.bind(__webpack_require__, 52932));
    // The whole table when it fits the issue; else as many rows as fit (the job summary has them all).
    let rows = lines.length;
    const shown = (count) => defang(settings.redact(reportBody(settings, lines, changes, count)), settings.serverUrl) + mark;
    let body = shown(rows);
    while (body.length > BODY_MAX && rows > 0) {
        rows = Math.max(0, Math.floor(rows * 0.8) - 1);
        body = shown(rows);
    }
    if (body.length > BODY_MAX)
        throw new FleetError(`The fleet's report does not fit an issue (${body.length} characters, GitHub takes ${BODY_MAX}): report fewer targets.`);
    const title = `Deckhand fleet: ${settings.fleetId}`;
    let url = issue?.html_url ?? '';
    if (settings.dryRun)
        sink.log(`Deckhand fleet report (dry run): would ${issue ? `update ${issue.html_url}` : 'open an issue'}.`);
    else if (issue) {
        url = (await rest('PATCH /repos/{owner}/{repo}/issues/{issue_number}', { owner, repo, issue_number: issue.number, title, body })).data.html_url;
    }
    else {
        url = (await rest('POST /repos/{owner}/{repo}/issues', { owner, repo, title, body, labels: [fleet_record/* FLEET_LABEL */._5] })).data.html_url;
    }
    const failed = lines.filter((line) => line.status === 'failed' || line.status === 'not-run' || line.status === 'cancelled').length;
    const seconds = (Date.now() - started) / 1000;
    sink.log(`Deckhand fleet report: ${lines.length} targets, ${failed} failed or not run; ${issue ? 'updated' : 'opened'} ${url || 'nothing (dry run)'} (${seconds.toFixed(1)} s).`);
    sink.summary(`${reportBody(settings, lines, changes, lines.length)}\n\n${url ? `Tracking issue: ${url}` : ''}\n`);
    sink.output('conclusion', 'success');
    if (url)
        sink.output('issue_url', url);
    return 0;
}

;// CONCATENATED MODULE: ./src/fleet/jobs.ts


/** The job's exit code; a problem is thrown, one line (FleetError, FleetInputError, GitHubError). */
function runFleetJob(mode, settings, sink) {
    return mode === 'fleet-plan' ? planFleet(settings, sink) : reportFleet(settings, sink);
}


/***/ })

};
