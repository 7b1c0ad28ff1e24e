// From the event that woke the action to a decision: which mode, on which
// issue or pull request, asked by whom — or a skip, which writes nothing and
// makes no model call. Pure: the payload in, a plain value out.
import type { z } from 'zod';
import type { Actor, Mode, ModeSetting, PullInfo, Trigger } from '../core/trigger.js';
import { EventSchemas, parseEvent, type Issue, type Pull, type User } from '../github/event.js';
import { isDeckhandText } from '../github/markers.js';
import { mentions } from '../github/mention.js';

export type TriggerDecision = { kind: 'run'; trigger: Trigger } | { kind: 'skip'; reason: string };

export interface TriggerSettings {
  mode: ModeSetting;
  triggerPhrase: string;
  labelTrigger: string;
  assigneeTrigger: string;
  prompt: string;
  /** For events without a moment of their own (schedule, dispatch). */
  now: Date;
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
const TASK_EVENTS = new Set(['schedule', 'workflow_dispatch', 'repository_dispatch']);

const skip = (reason: string): TriggerDecision => ({ kind: 'skip', reason });
const actor = (user: User): Actor => ({ login: user.login, type: user.type, ...(user.id !== undefined ? { id: user.id } : {}) });
/** Who wrote an issue, pull request, comment or review: null for a deleted account. */
const authorOf = (user: User | null): Actor | null => (user ? actor(user) : null);

function pullInfo(pull: Pull): PullInfo {
  return {
    number: pull.number,
    headRef: pull.head.ref,
    headSha: pull.head.sha,
    headRepo: pull.head.repo?.full_name ?? null,
    baseRef: pull.base.ref,
    baseSha: pull.base.sha,
    draft: pull.draft,
  };
}

function subjectOf(item: Issue | Pull) {
  return { title: item.title, body: item.body, author: authorOf(item.user), createdAt: item.created_at, ...(item.html_url ? { url: item.html_url } : {}) };
}

function senderOf(payload: unknown): Actor {
  const sender = (payload as { sender?: { login?: unknown; type?: unknown; id?: unknown } } | null)?.sender;
  return typeof sender?.login === 'string'
    ? { login: sender.login, type: typeof sender.type === 'string' ? sender.type : 'User', ...(typeof sender.id === 'number' ? { id: sender.id } : {}) }
    : { login: 'unknown', type: 'User' };
}

/** What an event is about, before a mode is chosen. */
interface EventFacts {
  base: Omit<Trigger, 'mode'>;
  /** The mode `auto` picks, or why `auto` skips. */
  auto: Mode | { skip: string };
  /** Modes a workflow may force on this event. */
  allowed: readonly Mode[];
}

/** Parses the event into facts, or decides a skip that holds whatever the mode. */
function factsOf(event: string, payload: unknown, settings: TriggerSettings): EventFacts | { skip: string } {
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
        auto: mentions(e.comment.body, phrase) ? 'mention' : { skip: `the comment does not mention ${phrase}.` },
        allowed: isPull ? ['mention', 'review'] : ['mention', 'fix'],
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
          pull: pullInfo(e.pull_request),
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
        auto: mentions(e.comment.body, phrase) ? 'mention' : { skip: `the comment does not mention ${phrase}.` },
        allowed: ['mention', 'review'],
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
          pull: pullInfo(e.pull_request),
          comment: { id: e.review.id, kind: 'review', body: e.review.body, author: authorOf(e.review.user), createdAt: submittedAt },
          pinnedAt: submittedAt,
        },
        auto: mentions(e.review.body, phrase) ? 'mention' : { skip: `the review does not mention ${phrase}.` },
        allowed: ['mention', 'review'],
      };
    }
    case 'issues': {
      const e = parseEvent(event, EventSchemas.issues, payload);
      if (e.issue.pull_request !== undefined) return { skip: 'issues events about pull requests are not handled.' };
      let auto: EventFacts['auto'];
      if (e.action === 'opened' || e.action === 'edited') {
        // What the issue said before an edit (GitHub sends what changed); without that, the edit counts as new.
        const { changes } = e;
        const before = e.action === 'edited' && changes ? `${changes.title?.from ?? e.issue.title}\n${changes.body ? (changes.body.from ?? '') : e.issue.body}` : '';
        // Opened with the trigger label as well, the issue also gets a `labeled` event: that one starts the fix, not both.
        const labeledToo = e.action === 'opened' && (e.issue.labels ?? []).some((label) => label.name === settings.labelTrigger);
        auto = !mentions(`${e.issue.title}\n${e.issue.body}`, phrase)
          ? { skip: `the issue does not mention ${phrase}.` }
          : // An edit wakes it only by adding the mention: one that was there already was answered when it was made.
            mentions(before, phrase)
            ? { skip: `the issue mentioned ${phrase} before this edit too.` }
            : labeledToo
              ? { skip: `the issue was opened with the ${settings.labelTrigger} label too: its labeled event starts the fix.` }
              : 'fix';
      } else if (e.action === 'labeled') {
        auto = e.label?.name === settings.labelTrigger ? 'fix' : { skip: `the label is not ${settings.labelTrigger}.` };
      } else if (e.action === 'assigned') {
        const wanted = settings.assigneeTrigger.replace(/^@/, '').toLowerCase();
        auto = wanted !== '' && e.assignee?.login.toLowerCase() === wanted ? 'fix' : { skip: `the assignee is not ${settings.assigneeTrigger || '(assignee_trigger is not set)'}.` };
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
        auto,
        allowed: ['fix', 'mention'],
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
          pull: pullInfo(e.pull_request),
          pinnedAt: e.pull_request.updated_at,
          ...(e.action === 'synchronize' && e.before && e.after ? { synchronize: { before: e.before, after: e.after } } : {}),
        },
        auto: 'review',
        allowed: ['review'],
      };
    }
    case 'workflow_run':
      return workflowRunFacts(parseEvent(event, EventSchemas.workflow_run, payload), action, settings);
    default:
      return { skip: `the ${event} event is not one Deckhand handles.` };
  }
}

/**
 * A completed workflow run that failed: ci-fix, on the pull request GitHub
 * lists for it (else prepare looks one up). workflow_run runs with the base
 * repository's secrets, so a fork's run and a run of Deckhand's own workflow
 * never count.
 */
function workflowRunFacts(e: z.infer<typeof EventSchemas.workflow_run>, action: string | undefined, settings: TriggerSettings): EventFacts | { skip: string } {
  const run = e.workflow_run;
  const name = run.name ? `the ${run.name} run` : 'the workflow run';
  if (e.action !== 'completed') return { skip: `only completed workflow runs wake Deckhand (this one was ${e.action}).` };
  if (!CI_FAILED.has(run.conclusion ?? '')) return { skip: `${name} concluded ${run.conclusion ?? 'without a conclusion'}: only a failed or timed-out run is fixed.` };
  const path = (run.path ?? e.workflow?.path ?? '').replace(/@.*$/, '');
  if (settings.workflowFile && path === settings.workflowFile) return { skip: `${name} is of ${path}, the workflow Deckhand itself runs in.` };
  const headRepo = run.head_repository?.full_name;
  if (!headRepo) return { skip: `${name}'s head repository is gone (a deleted fork): Deckhand fixes only runs of this repository's own branches.` };
  if (headRepo.toLowerCase() !== e.repository.full_name.toLowerCase()) {
    return { skip: `${name} is of code from ${headRepo}, a fork: Deckhand never fixes a fork's run, which has this repository's secrets.` };
  }
  if (!run.head_branch) return { skip: `${name} has no head branch to fix.` };
  const branch = run.head_branch;
  // GitHub lists the open pull requests whose head is the run's branch.
  const pull = run.pull_requests.find((p) => p.head.ref === branch && p.head.sha === run.head_sha) ?? run.pull_requests.find((p) => p.head.ref === branch);
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
      },
    },
    auto: 'ci-fix',
    allowed: ['ci-fix'],
  };
}

export function decideTrigger(event: string, payload: unknown, settings: TriggerSettings): TriggerDecision {
  // Scheduled and dispatched runs carry no issue: the prompt is the task, the workflow the authority.
  // An explicit task mode runs the prompt on any event, as the workflow asked.
  if (TASK_EVENTS.has(event) || settings.mode === 'task') {
    if (settings.mode !== 'auto' && settings.mode !== 'task') return skip(`mode ${settings.mode} does not apply to the ${event} event.`);
    if (!settings.prompt.trim()) return skip(`the ${event} event runs task mode, which needs the prompt input.`);
    const action = typeof (payload as { action?: unknown } | null)?.action === 'string' ? (payload as { action: string }).action : undefined;
    return {
      kind: 'run',
      trigger: {
        mode: 'task',
        event,
        action,
        actor: senderOf(payload),
        checkActor: !TASK_EVENTS.has(event),
        isPullRequest: false,
        pinnedAt: settings.now.toISOString(),
      },
    };
  }
  const facts = factsOf(event, payload, settings);
  if ('skip' in facts) return skip(facts.skip);
  if (settings.mode === 'auto') {
    if (typeof facts.auto !== 'string') return skip(facts.auto.skip);
    return { kind: 'run', trigger: { ...facts.base, mode: facts.auto } };
  }
  // A mode set by the workflow skips the auto conditions (phrase, label) but not the target it needs.
  if (!facts.allowed.includes(settings.mode)) return skip(`mode ${settings.mode} does not apply to the ${event} event.`);
  return { kind: 'run', trigger: { ...facts.base, mode: settings.mode } };
}
