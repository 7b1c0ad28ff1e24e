// What an event says, read off its payload: the issue or pull request it is
// about, who sent it, the comment that asked — and whether it asks for
// Deckhand at all (the trigger phrase, the label, the assignee, a failed run).
// Which mode answers it is the modes' to say (modes/trigger.ts). Pure: the
// payload in, a plain value out.
import type { z } from 'zod';
import { pullInfoOf, type Actor, type Trigger } from '../core/trigger.js';
import { EventSchemas, parseEvent, type EventRepository, type Issue, type Pull, type RunPull, type User } from './event.js';
import { isDeckhandText } from './markers.js';
import { mentions } from './mention.js';

export interface WakeSettings {
  triggerPhrase: string;
  labelTrigger: string;
  assigneeTrigger: string;
  /** The workflow file this run is in (from GITHUB_WORKFLOW_REF): a failed run of it never wakes ci-fix. */
  workflowFile?: string;
}

/** The workflow file of a GITHUB_WORKFLOW_REF (`owner/repo/.github/workflows/x.yml@refs/heads/main`). */
export function workflowFileOf(ref: string | undefined): string | undefined {
  const match = /^[^/]+\/[^/]+\/(.+?)@[^@]*$/.exec(ref ?? '');
  return match?.[1];
}

const PR_ACTIONS = new Set(['opened', 'synchronize', 'reopened', 'ready_for_review']);
/** The conclusions of a workflow run that ci-fix answers. */
const CI_FAILED = new Set(['failure', 'timed_out']);

const actor = (user: User): Actor => ({ login: user.login, type: user.type, ...(user.id !== undefined ? { id: user.id } : {}) });
/** Who wrote an issue, pull request, comment or review: null for a deleted account. */
const authorOf = (user: User | null): Actor | null => (user ? actor(user) : null);

function subjectOf(item: Issue | Pull) {
  return { title: item.title, body: item.body, author: authorOf(item.user), createdAt: item.created_at, ...(item.html_url ? { url: item.html_url } : {}) };
}

/** Who sent an event, from its payload alone (a schedule has nobody: `unknown`). */
export function senderOf(payload: unknown): Actor {
  const sender = (payload as { sender?: { login?: unknown; type?: unknown; id?: unknown } } | null)?.sender;
  return typeof sender?.login === 'string'
    ? { login: sender.login, type: typeof sender.type === 'string' ? sender.type : 'User', ...(typeof sender.id === 'number' ? { id: sender.id } : {}) }
    : { login: 'unknown', type: 'User' };
}

/** What an event is about, before a mode is chosen. */
export interface EventFacts {
  base: Omit<Trigger, 'mode'>;
  /** Whether it asks for Deckhand (the phrase, the label, the assignee, a failed run), or why not. */
  wakes: true | { skip: string };
}

/** Reads the event into facts, or a skip that holds whatever the mode (an edited comment, Deckhand's own text, a draft). */
export function readEvent(event: string, payload: unknown, settings: WakeSettings): EventFacts | { skip: string } {
  const phrase = settings.triggerPhrase;
  const action = typeof (payload as { action?: unknown } | null)?.action === 'string' ? (payload as { action: string }).action : undefined;
  switch (event) {
    case 'issue_comment': {
      const e = parseEvent(event, EventSchemas.issue_comment, payload);
      if (e.action !== 'created') return { skip: `only new comments wake Deckhand (this one was ${e.action}).` };
      // Deckhand's own comments never wake it (product.md §4).
      if (isDeckhandText(e.comment.body)) return { skip: 'the comment was written by Deckhand.' };
      const isPull = e.issue.pull_request !== undefined;
      return {
        base: {
          event,
          action,
          actor: actor(e.sender),
          checkActor: true,
          number: e.issue.number,
          isPullRequest: isPull,
          subject: subjectOf(e.issue),
          comment: {
            id: e.comment.id,
            kind: 'issue_comment',
            body: e.comment.body,
            author: authorOf(e.comment.user),
            createdAt: e.comment.created_at,
            ...(e.comment.html_url ? { url: e.comment.html_url } : {}),
          },
          pinnedAt: e.comment.created_at,
        },
        wakes: mentions(e.comment.body, phrase) || { skip: `the comment does not mention ${phrase}.` },
      };
    }
    case 'pull_request_review_comment': {
      const e = parseEvent(event, EventSchemas.pull_request_review_comment, payload);
      if (e.action !== 'created') return { skip: `only new comments wake Deckhand (this one was ${e.action}).` };
      if (isDeckhandText(e.comment.body)) return { skip: 'the comment was written by Deckhand.' };
      return {
        base: {
          event,
          action,
          actor: actor(e.sender),
          checkActor: true,
          number: e.pull_request.number,
          isPullRequest: true,
          subject: subjectOf(e.pull_request),
          pull: pullInfoOf(e.pull_request),
          comment: {
            id: e.comment.id,
            kind: 'review_comment',
            body: e.comment.body,
            author: authorOf(e.comment.user),
            createdAt: e.comment.created_at,
            ...(e.comment.html_url ? { url: e.comment.html_url } : {}),
            thread: {
              path: e.comment.path,
              line: e.comment.line ?? e.comment.original_line ?? null,
              diffHunk: e.comment.diff_hunk,
              rootId: e.comment.in_reply_to_id ?? e.comment.id,
            },
          },
          pinnedAt: e.comment.created_at,
        },
        wakes: mentions(e.comment.body, phrase) || { skip: `the comment does not mention ${phrase}.` },
      };
    }
    case 'pull_request_review': {
      const e = parseEvent(event, EventSchemas.pull_request_review, payload);
      if (e.action !== 'submitted') return { skip: `only submitted reviews wake Deckhand (this one was ${e.action}).` };
      if (isDeckhandText(e.review.body)) return { skip: 'the review was written by Deckhand.' };
      const submittedAt = e.review.submitted_at ?? e.pull_request.updated_at;
      return {
        base: {
          event,
          action,
          actor: actor(e.sender),
          checkActor: true,
          number: e.pull_request.number,
          isPullRequest: true,
          subject: subjectOf(e.pull_request),
          pull: pullInfoOf(e.pull_request),
          comment: { id: e.review.id, kind: 'review', body: e.review.body, author: authorOf(e.review.user), createdAt: submittedAt },
          pinnedAt: submittedAt,
        },
        wakes: mentions(e.review.body, phrase) || { skip: `the review does not mention ${phrase}.` },
      };
    }
    case 'issues': {
      const e = parseEvent(event, EventSchemas.issues, payload);
      if (e.issue.pull_request !== undefined) return { skip: 'issues events about pull requests are not handled.' };
      let wakes: EventFacts['wakes'];
      if (e.action === 'opened' || e.action === 'edited') {
        // What the issue said before an edit (GitHub sends what changed); without that, the edit counts as new.
        const { changes } = e;
        const before = e.action === 'edited' && changes ? `${changes.title?.from ?? e.issue.title}\n${changes.body ? (changes.body.from ?? '') : e.issue.body}` : '';
        // Opened with the trigger label as well, the issue also gets a `labeled` event: that one starts the fix, not both.
        const labeledToo = e.action === 'opened' && (e.issue.labels ?? []).some((label) => label.name === settings.labelTrigger);
        wakes = !mentions(`${e.issue.title}\n${e.issue.body}`, phrase)
          ? { skip: `the issue does not mention ${phrase}.` }
          : // An edit wakes it only by adding the mention: one that was there already was answered when it was made.
            mentions(before, phrase)
            ? { skip: `the issue mentioned ${phrase} before this edit too.` }
            : labeledToo
              ? { skip: `the issue was opened with the ${settings.labelTrigger} label too: its labeled event starts the fix.` }
              : true;
      } else if (e.action === 'labeled') {
        wakes = e.label?.name === settings.labelTrigger || { skip: `the label is not ${settings.labelTrigger}.` };
      } else if (e.action === 'assigned') {
        const wanted = settings.assigneeTrigger.replace(/^@/, '').toLowerCase();
        wakes = (wanted !== '' && e.assignee?.login.toLowerCase() === wanted) || { skip: `the assignee is not ${settings.assigneeTrigger || '(assignee_trigger is not set)'}.` };
      } else {
        return { skip: `issues ${e.action} events are not handled.` };
      }
      return {
        base: {
          event,
          action,
          actor: actor(e.sender),
          checkActor: true,
          number: e.issue.number,
          isPullRequest: false,
          subject: subjectOf(e.issue),
          pinnedAt: e.issue.updated_at,
        },
        wakes,
      };
    }
    case 'pull_request':
    case 'pull_request_target': {
      const e = parseEvent(event, EventSchemas.pull_request, payload);
      if (!PR_ACTIONS.has(e.action)) return { skip: `pull_request ${e.action} events are not reviewed.` };
      if (e.pull_request.draft) return { skip: 'the pull request is a draft.' };
      return {
        base: {
          event,
          action,
          actor: actor(e.sender),
          checkActor: true,
          number: e.pull_request.number,
          isPullRequest: true,
          subject: subjectOf(e.pull_request),
          pull: pullInfoOf(e.pull_request),
          pinnedAt: e.pull_request.updated_at,
          ...(e.action === 'synchronize' && e.before && e.after ? { synchronize: { before: e.before, after: e.after } } : {}),
        },
        wakes: true,
      };
    }
    case 'workflow_run':
      return workflowRunFacts(parseEvent(event, EventSchemas.workflow_run, payload), action, settings);
    default:
      return { skip: `the ${event} event is not one Deckhand handles.` };
  }
}

/**
 * A workflow's path without the ref it ran at (`.github/workflows/ci.yml@refs/heads/main`):
 * from the first `@` on the last line (as `/@.*$/` removed it, without trying every `@` of a run).
 */
function withoutRef(path: string): string {
  const lastBreak = Math.max(path.lastIndexOf('\n'), path.lastIndexOf('\r'), path.lastIndexOf('\u2028'), path.lastIndexOf('\u2029'));
  const at = path.indexOf('@', lastBreak + 1);
  return at === -1 ? path : path.slice(0, at);
}

/** The API URL's `owner/name` (`…/repos/octo/widgets`), or undefined. */
const fullNameOf = (url: string | undefined) => (url ? /\/repos\/([^/]+\/[^/]+)\/?$/.exec(url)?.[1] : undefined);

/**
 * Whether the repository a listed pull request names is the event's: by id
 * where both have one (a name can be a fork's or a renamed one's), else by
 * API URL or full name. A missing one is not.
 */
function isThisRepository(repo: RunPull['base']['repo'], here: EventRepository): boolean {
  if (!repo) return false;
  if (repo.id !== undefined && here.id !== undefined) return repo.id === here.id;
  if (repo.url !== undefined && here.url !== undefined) return repo.url.toLowerCase() === here.url.toLowerCase();
  return fullNameOf(repo.url)?.toLowerCase() === here.full_name.toLowerCase();
}

/**
 * A completed workflow run that failed, on the pull request of this
 * repository GitHub lists for it (else ci-fix looks one up). workflow_run runs with the base
 * repository's secrets, so a fork's run and a run of Deckhand's own workflow
 * never count.
 */
function workflowRunFacts(e: z.infer<typeof EventSchemas.workflow_run>, action: string | undefined, settings: WakeSettings): EventFacts | { skip: string } {
  const run = e.workflow_run;
  const name = run.name ? `the ${run.name} run` : 'the workflow run';
  if (e.action !== 'completed') return { skip: `only completed workflow runs wake Deckhand (this one was ${e.action}).` };
  if (!CI_FAILED.has(run.conclusion ?? '')) return { skip: `${name} concluded ${run.conclusion ?? 'without a conclusion'}: only a failed or timed-out run is fixed.` };
  const path = withoutRef(run.path ?? e.workflow?.path ?? '');
  if (settings.workflowFile && path === settings.workflowFile) return { skip: `${name} is of ${path}, the workflow Deckhand itself runs in.` };
  const headRepo = run.head_repository?.full_name;
  if (!headRepo) return { skip: `${name}'s head repository is gone (a deleted fork): Deckhand fixes only runs of this repository's own branches.` };
  if (headRepo.toLowerCase() !== e.repository.full_name.toLowerCase()) {
    return { skip: `${name} is of code from ${headRepo}, a fork: Deckhand never fixes a fork's run, which has this repository's secrets.` };
  }
  if (!run.head_branch) return { skip: `${name} has no head branch to fix.` };
  const branch = run.head_branch;
  // GitHub lists the open pull requests whose head is the run's branch — another repository's too (a fork's, an upstream's),
  // whose number means nothing here: only those whose base is this repository count.
  const ours = run.pull_requests.filter((p) => isThisRepository(p.base.repo, e.repository));
  const pull = ours.find((p) => p.head.ref === branch && p.head.sha === run.head_sha) ?? ours.find((p) => p.head.ref === branch);
  const pusher = actor(run.actor ?? e.sender);
  return {
    base: {
      event: 'workflow_run',
      action,
      actor: pusher,
      checkActor: true,
      ...(pull ? { number: pull.number } : {}),
      isPullRequest: pull !== undefined,
      pinnedAt: run.updated_at,
      ciRun: {
        id: run.id,
        name: run.name,
        path,
        url: run.html_url,
        headSha: run.head_sha,
        headBranch: branch,
        event: run.event,
        conclusion: run.conclusion!,
        attempt: run.run_attempt ?? 1,
        title: run.display_title ?? '',
        triggeringActor: run.triggering_actor ? actor(run.triggering_actor) : pusher,
        ...(pull ? { listedBase: pull.base.ref } : {}),
      },
    },
    wakes: true,
  };
}
