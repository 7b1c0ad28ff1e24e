// The agent's changes, published: what may be committed (only files and
// links, and nothing that holds a secret), the commit onto the pull request's
// head or a new branch, and the new branch's pull request.
import type { ChangeContent } from '../checkout/changes.js';
import type { CommitPlan } from '../core/plan.js';
import { FLEET_LABEL, fleetRecordMark, type PullOutcome } from '../fleet/record.js';
import { GitHubError } from '../github/api.js';
import { isValidBranchName } from '../github/branch-name.js';
import { CommitRefused, freeBranchName } from '../github/commit.js';
import type { Published, PublishRequest } from './request.js';
import { commitMessage, neutralised, pullRequestBody, titleAndBody, verdictSection } from './text.js';

/** A file holds a secret: nothing is committed, and the changes are not shown anywhere either. */
export class SecretRefused extends CommitRefused {
  override name = 'SecretRefused';
}

/**
 * Refuses what cannot be published: a path that is no file or link (named),
 * and a secret — in a file, in a link's target, or in a path itself (the
 * tree request carries every name). The secret is described, never shown,
 * and a path holding one is not named either.
 */
export function refuseUnpublishable(contents: readonly ChangeContent[], find: (text: string) => string | undefined): void {
  for (const change of contents) {
    if (change.kind === 'deleted') continue;
    const inPath = find(change.path);
    if (inPath) throw new SecretRefused(`A changed file's name contains ${inPath}, so nothing was committed: Deckhand never publishes a secret. Rename it and ask again.`);
    if (change.kind === 'unsupported') {
      throw new CommitRefused(`The path ${change.path} is ${change.what}, not a regular file or a symbolic link, so nothing was committed: Deckhand commits only files and links. Remove it and ask again.`);
    }
    const text = change.kind === 'link' ? change.target : change.kind === 'file' ? change.bytes.toString('latin1') : '';
    const found = find(text);
    if (found) throw new SecretRefused(`The file ${change.path} contains ${found}, so nothing was committed: Deckhand never publishes a secret. Remove it and ask again.`);
  }
}

/**
 * Commits the changes as the plan says — onto the pull request's head, or a
 * new branch of a free name — and opens the new branch's pull request (or
 * links a compare view), filling in `published` as each is made.
 */
export async function commitWork(request: PublishRequest, commit: Exclude<CommitPlan, { kind: 'none' }>, changes: readonly ChangeContent[], published: Published): Promise<void> {
  const { writer, api, outcome, facts, settings } = request;
  if (!api) throw new Error('The agent changed files, but there is no github_token to commit them with.');
  refuseUnpublishable(changes, settings.findSecret);
  // Closing keywords and trailers in the model's text (or an issue's title) are neutralised: only Deckhand's own may close an issue or credit anyone.
  const written = titleAndBody(outcome.answer, commit.words.fallbackTitle);
  const title = neutralised(written.title);
  const body = neutralised(written.body);
  const message = commitMessage(title, body || `Made by Deckhand: ${facts.runUrl}`, commit.words.coAuthor, commit.words.trailers);
  const fleet = commit.kind === 'new-branch' ? commit.fleet : undefined;
  const createBranch = commit.kind === 'new-branch';
  // A fleet's branch is the same on every run: a re-run makes it again and updates its pull request.
  const branch = commit.kind === 'pr-head' ? commit.branch : fleet ? commit.name : await freeBranchName(api, commit.name);
  // A branch name from an event is checked as git would (git check-ref-format) before it is used.
  if (!isValidBranchName(branch)) throw new CommitRefused(`The branch name ${JSON.stringify(branch)} is not a valid git branch name, so nothing was committed.`);
  if (branch === (await settings.defaultBranch())) {
    throw new CommitRefused(`The pull request's branch is ${branch}, the default branch: Deckhand never commits to it, so the changes were not committed.`);
  }
  // A fleet's pull request closed without merging says no: the fleet leaves the repository alone.
  const fleetPulls = fleet && !writer.dryRun ? (await api.pullsFrom(`${settings.repository.split('/')[0]}:${branch}`)).filter((p) => p.labels?.some((l) => l.name === FLEET_LABEL)) : [];
  const [newest] = fleetPulls;
  if (newest && newest.state !== 'open' && !newest.merged_at) {
    published.fleet = { outcome: 'declined', number: newest.number, url: newest.html_url };
    settings.warn(`The fleet's pull request #${newest.number} on ${branch} was closed without merging, so nothing was committed: reopen it to let the fleet update it.`);
    return;
  }
  const { sha, unchanged } = await writer.commit({ repo: settings.repo, baseSha: settings.baseSha, branch, createBranch, message, changes, ...(fleet ? { replace: true } : {}) });
  const repoUrl = `${settings.serverUrl}/${settings.repository}`;
  published.branch = branch;
  published.commitSha = sha;
  published.links.branch = { name: branch, url: `${repoUrl}/tree/${branch}` };
  published.links.commit = { sha, url: `${repoUrl}/commit/${sha}` };
  if (commit.kind !== 'new-branch') return;
  const base = await settings.baseBranch();
  if (!settings.openPr) {
    published.links.compareUrl = `${repoUrl}/compare/${base}...${branch}?expand=1`;
    return;
  }
  if (fleet) return fleetPull(request, { title, body, head: branch, base, fleet, unchanged: unchanged === true, open: newest?.state === 'open' ? newest : undefined }, published);
  const pull = await openPull(request, { title, body, head: branch, base, fixes: commit.fixes, about: commit.about });
  published.pullUrl = pull.url;
  published.links.pullRequest = pull;
}

/**
 * A fleet target's pull request: the open one from the fleet's branch given
 * this run's title and body, else a new one (a draft on the verifier's final
 * FAIL); labelled, and its body ends with the record the fleet's report reads.
 */
async function fleetPull(
  request: PublishRequest,
  pull: { title: string; body: string; head: string; base: string; fleet: string; unchanged: boolean; open: { number: number } | undefined },
  published: Published,
): Promise<void> {
  const { writer, outcome, facts } = request;
  const said: PullOutcome = pull.open ? (pull.unchanged ? 'unchanged' : 'updated') : 'opened';
  const run = /\/actions\/runs\/([^/]+)$/.exec(facts.runUrl)?.[1] ?? '';
  const record = fleetRecordMark({ fleet: pull.fleet, run, outcome: said, cost_usd: Number(facts.costUsd.toFixed(4)), turns: facts.turns, ...(outcome.structuredOutput !== undefined ? { structured_output: outcome.structuredOutput } : {}) });
  const fields = { title: pull.title, body: pull.body, head: pull.head, base: pull.base, fixes: undefined, about: undefined, record };
  const made = pull.open ? await writer.updatePull(pull.open.number, { title: pull.title, body: bodyOf(request, fields, false) }) : await openPull(request, fields);
  await writer.addLabels(made.number, [FLEET_LABEL]);
  published.pullUrl = made.url;
  published.links.pullRequest = made;
  published.fleet = { outcome: said, number: made.number, url: made.url };
}

type PullFields = { title: string; body: string; head: string; base: string; fixes: number | undefined; about: string | undefined; record?: string };

/** A pull request's body: the answer, how the run stopped early, the verifier's verdict, what it closes, the footer; a fleet's record last. */
function bodyOf(request: PublishRequest, pull: PullFields, asDraft: boolean): string {
  const { outcome, facts } = request;
  const stoppedEarly = outcome.terminal.reason === 'completed' ? undefined : outcome.terminal.message;
  const { verification } = outcome;
  const body = pullRequestBody(pull.body, pull.fixes, facts, stoppedEarly, pull.about, verification ? neutralised(verdictSection(verification, asDraft)) : undefined);
  return pull.record ? `${body}\n\n${pull.record}` : body;
}

/** The new branch's pull request; a final FAIL of the verifier opens it as a draft that says why. */
async function openPull(request: PublishRequest, pull: PullFields) {
  const { writer, outcome, settings } = request;
  const draft = outcome.verification?.verdict === 'FAIL';
  const { title, head, base } = pull;
  return writer.createPull({ title, head, base, draft, body: bodyOf(request, pull, draft) }).catch((err: unknown) => {
    // Some repositories cannot have drafts (a private one on GitHub Free): then an open pull request whose body says FAIL.
    if (!draft || !(err instanceof GitHubError) || err.status !== 422 || !/draft/i.test(err.message)) throw err;
    settings.warn(`GitHub refused a draft pull request (${err.message}); it was opened as a ready one, with the verifier's FAIL in its body.`);
    return writer.createPull({ title, head, base, body: bodyOf(request, pull, false) });
  });
}
