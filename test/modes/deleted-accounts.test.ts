// A deleted account is `user: null` in GitHub's schemas (issues, pull requests,
// comments, review comments, reviews). Replayed against the webhook examples
// GitHub publishes, with those users nulled, the trigger reads every event and
// decides exactly as it does for the original — only the author becomes null.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { EventError } from '../../src/github/event.js';
import type { TriggerDecision } from '../../src/core/trigger.js';
import { decideTrigger, type TriggerSettings } from '../../src/modes/trigger.js';
import type { ModeSetting } from '../../src/core/trigger.js';

/** The events the trigger parses, and the actions of each that it handles. */
const HANDLED: Record<string, readonly string[]> = {
  issues: ['opened', 'edited', 'labeled', 'assigned'],
  issue_comment: ['created'],
  pull_request: ['opened', 'synchronize', 'reopened', 'ready_for_review'],
  pull_request_review: ['submitted'],
  pull_request_review_comment: ['created'],
};
/** Where a payload names who wrote something; each may be null. */
const NULLABLE = ['issue', 'pull_request', 'comment', 'review'] as const;
const MODES: readonly ModeSetting[] = ['auto', 'mention', 'review', 'fix'];

type Payload = Record<string, unknown> & { action?: string };
/** GitHub's examples, by event name (the package is one JSON file). */
const examples = createRequire(import.meta.url)('@octokit/webhooks-examples') as Array<{ name: string; examples: Payload[] }>;

interface Case {
  name: string;
  event: string;
  original: Payload;
  ghosted: Payload;
  nulled: readonly string[];
}

function nulled(payload: Payload, fields: readonly string[]): Payload {
  const copy = structuredClone(payload);
  for (const field of fields) (copy[field] as { user: unknown }).user = null;
  return copy;
}

const cases: Case[] = examples
  .filter((definition) => definition.name in HANDLED)
  .flatMap((definition) =>
    definition.examples.flatMap((payload, i) => {
      const present = NULLABLE.filter((field) => typeof payload[field] === 'object' && payload[field] !== null);
      // Each author alone, then all of them at once.
      const sets = present.length > 1 ? [...present.map((field) => [field]), present] : [present];
      return sets.map((fields) => ({
        name: `${definition.name} ${payload.action} (example ${i}) with ${fields.map((f) => `${f}.user`).join(', ')} null`,
        event: definition.name,
        original: payload,
        ghosted: nulled(payload, fields),
        nulled: fields,
      }));
    }),
  );

/** Settings under which the example's own condition holds, so the handled ones run. */
function settingsFor(payload: Payload, mode: ModeSetting): TriggerSettings {
  return {
    mode,
    triggerPhrase: '@deckhand',
    labelTrigger: (payload.label as { name?: string } | undefined)?.name ?? 'deckhand',
    assigneeTrigger: (payload.assignee as { login?: string } | null | undefined)?.login ?? '',
    prompt: '',
    now: new Date('2026-11-29T12:00:00Z'),
  };
}

/** What a decision comes to: the mode it runs, or why it skips. */
const outcome = (decision: TriggerDecision) => (decision.kind === 'run' ? { run: decision.trigger.mode } : { skip: decision.reason });

describe('webhook examples with deleted accounts', () => {
  it('cover every action the trigger handles, and every nullable author', () => {
    for (const [event, actions] of Object.entries(HANDLED)) {
      for (const action of actions) expect(cases.some((c) => c.event === event && c.original.action === action), `${event} ${action}`).toBe(true);
    }
    for (const field of NULLABLE) expect(cases.some((c) => c.nulled.includes(field)), field).toBe(true);
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s: read and decided as with the user', (_, c) => {
    const events = c.event === 'pull_request' ? ['pull_request', 'pull_request_target'] : [c.event];
    for (const event of events) {
      for (const mode of MODES) {
        const settings = settingsFor(c.original, mode);
        const original = decideTrigger(event, c.original, settings);
        const ghosted = decideTrigger(event, c.ghosted, settings);
        expect(outcome(ghosted), `${event}, mode ${mode}`).toEqual(outcome(original));
        if (original.kind !== 'run' || ghosted.kind !== 'run') continue;
        // Only the author changes: the sender, who acted, is kept and still checked.
        expect(ghosted.trigger.actor).toEqual(original.trigger.actor);
        const subjectField = c.event === 'issues' || c.event === 'issue_comment' ? 'issue' : 'pull_request';
        expect(ghosted.trigger.subject?.author).toEqual(c.nulled.includes(subjectField) ? null : original.trigger.subject?.author);
        const commentField = c.event === 'pull_request_review' ? 'review' : 'comment';
        expect(ghosted.trigger.comment?.author).toEqual(c.nulled.includes(commentField) ? null : original.trigger.comment?.author);
        expect({ ...ghosted.trigger, subject: undefined, comment: undefined }).toEqual({ ...original.trigger, subject: undefined, comment: undefined });
      }
    }
  });

  it('still requires the sender, who acted', () => {
    const labeled = examples.find((d) => d.name === 'issues')!.examples.find((p) => p.action === 'labeled')!;
    const settings = settingsFor(labeled, 'auto');
    expect(decideTrigger('issues', labeled, settings)).toMatchObject({ kind: 'run', trigger: { mode: 'fix' } });
    expect(() => decideTrigger('issues', { ...labeled, sender: null }, settings)).toThrow(EventError);
    expect(() => decideTrigger('issues', { ...labeled, sender: null }, settings)).toThrow(/^The issues event payload is malformed: sender /);
  });
});
