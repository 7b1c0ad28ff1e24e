// The agent's changes, published: what may be committed (only files and
// links, and nothing that holds a secret), the commit onto the pull request's
// head or a new branch, and the new branch's pull request.
import type { ChangeContent } from '../checkout/changes.js';
import type { CommitPlan } from '../core/plan.js';
import { GitHubError } from '../github/api.js';
import { isValidBranchName } from '../github/branch-name.js';
import { CommitRefused, freeBranchName } from '../github/commit.js';
import type { Published, PublishRequest } from './request.js';
import { commitMessage, neutralised, pullRequestBody, titleAndBody, verdictSection } from './text.js';
import { FLEET_LABEL, fleetRecordMark, type PullOutcome } from '../fleet/record.js';

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
  if (fleet) return fleetPull(request, { title, body, head: branch, base, fleet, unchanged: unchanged === true }, published);
  const pull = await openPull(request, { title, body, head: branch, base, fixes: commit.fixes, about: commit.about });
  published.pullUrl = pull.url;
  published.links.pullRequest = pull;
}

/**
 * A fleet target's pull request: the open one from the fleet's branch given
 * this run's title and body, else a new one; labelled, and its body ends with
 * the record the fleet's report reads.
 */
async function fleetPull(request: PublishRequest, pull: { title: string; body: string; head: string; base: string; fleet: string; unchanged: boolean }, published: Published): Promise<void> {
  const { writer, api, outcome, facts, settings } = request;
  const [owner] = settings.repository.split('/');
  const [open] = writer.dryRun ? [] : await api!.openPullsFrom(`${owner}:${pull.head}`);
  const said: PullOutcome = open ? (pull.unchanged ? 'unchanged' : 'updated') : 'opened';
  const run = /\/actions\/runs\/([^/]+)$/.exec(facts.runUrl)?.[1] ?? '';
  const record = { fleet: pull.fleet, run, outcome: said, cost_usd: Number(facts.costUsd.toFixed(4)), turns: facts.turns, ...(outcome.structuredOutput !== undefined ? { structured_output: outcome.structuredOutput } : {}) };
  const stoppedEarly = outcome.terminal.reason === 'completed' ? undefined : outcome.terminal.message;
  const { verification } = outcome;
  const verdict = verification ? neutralised(verdictSection(verification, false)) : undefined;
  const body = `${pullRequestBody(pull.body, undefined, facts, stoppedEarly, undefined, verdict)}\n\n${fleetRecordMark(record)}`;
  const made = open ? await writer.updatePull(open.number, { title: pull.title, body }) : await writer.createPull({ title: pull.title, head: pull.head, base: pull.base, body });
  await writer.addLabels(made.number, [FLEET_LABEL]);
  published.pullUrl = made.url;
  published.links.pullRequest = made;
  published.fleet = { outcome: said, number: made.number, url: made.url };
}

/** The new branch's pull request; a final FAIL of the verifier opens it as a draft that says why. */
async function openPull(request: PublishRequest, pull: { title: string; body: string; head: string; base: string; fixes: number | undefined; about: string | undefined }) {
  const { writer, outcome, facts, settings } = request;
  const stoppedEarly = outcome.terminal.reason === 'completed' ? undefined : outcome.terminal.message;
  const { verification } = outcome;
  const draft = verification?.verdict === 'FAIL';
  const bodyOf = (asDraft: boolean) =>
    pullRequestBody(pull.body, pull.fixes, facts, stoppedEarly, pull.about, verification ? neutralised(verdictSection(verification, asDraft)) : undefined);
  const { title, head, base } = pull;
  return writer.createPull({ title, head, base, draft, body: bodyOf(draft) }).catch((err: unknown) => {
    // Some repositories cannot have drafts (a private one on GitHub Free): then an open pull request whose body says FAIL.
    if (!draft || !(err instanceof GitHubError) || err.status !== 422 || !/draft/i.test(err.message)) throw err;
    settings.warn(`GitHub refused a draft pull request (${err.message}); it was opened as a ready one, with the verifier's FAIL in its body.`);
    return writer.createPull({ title, head, base, body: bodyOf(false) });
  });
}
