// From the event that woke the action to a decision: which mode, on which
// issue or pull request, asked by whom — or a skip, which writes nothing and
// makes no model call. What the event says is read off its payload
// (github/wake.ts); which mode answers is what each mode's spec says of the
// event. Pure: the payload in, a plain value out.
import type { ModeSetting, TriggerDecision } from '../core/trigger.js';
import { readEvent, type WakeSettings } from '../github/wake.js';
import { MODES, specOf } from './index.js';

export interface TriggerSettings extends WakeSettings {
  mode: ModeSetting;
  prompt: string;
  /** For events without a moment of their own (schedule, dispatch). */
  now: Date;
}

const skip = (reason: string): TriggerDecision => ({ kind: 'skip', reason });

export function decideTrigger(event: string, payload: unknown, settings: TriggerSettings): TriggerDecision {
  // A mode that decides an event without its payload (a task) goes first.
  for (const spec of MODES) {
    const decided = spec.decide?.(event, payload, settings);
    if (decided) return decided;
  }
  const facts = readEvent(event, payload, settings);
  if ('skip' in facts) return skip(facts.skip);
  if (settings.mode === 'auto') {
    const spec = MODES.find((candidate) => candidate.events[event] === 'auto');
    if (!spec) return skip(`the ${event} event is not one Deckhand handles.`);
    if (facts.wakes !== true) return skip(facts.wakes.skip);
    return { kind: 'run', trigger: { ...facts.base, mode: spec.mode } };
  }
  // A mode set by the workflow skips the auto conditions (phrase, label) but not the target it needs.
  const rule = specOf(settings.mode).events[event];
  const takes = rule === 'auto' || rule === 'set' || (rule !== undefined && rule(facts.base));
  if (!takes) return skip(`mode ${settings.mode} does not apply to the ${event} event.`);
  return { kind: 'run', trigger: { ...facts.base, mode: settings.mode } };
}
