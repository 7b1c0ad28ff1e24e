// The five modes, each a spec of its own (spec.ts): what the run does is
// read off its mode's spec. Adding a mode is a file of its own and a line here.
import type { GitHubContext } from '../core/context.js';
import type { Mode, Trigger } from '../core/trigger.js';
import { createAgentTool } from '../tools/agent.js';
import { ciFix } from './ci-fix.js';
import { fix } from './fix.js';
import { mention } from './mention.js';
import { review } from './review.js';
import type { ModePlan, ModeSpec, PlanSettings } from './spec.js';
import { task } from './task.js';

/** Every mode. At most one takes an event under `mode: auto`; a task decides scheduled and dispatched runs before any payload is read. */
export const MODES: readonly ModeSpec[] = [mention, review, fix, ciFix, task];

export function specOf(mode: Mode): ModeSpec {
  return MODES.find((spec) => spec.mode === mode)!;
}

/** The mode's plan; every mode may also hand searches to explore agents (Agent). */
export function planMode(trigger: Trigger, context: GitHubContext, settings: PlanSettings): ModePlan {
  const plan = specOf(trigger.mode).plan(trigger, context, settings);
  return { ...plan, tools: [...plan.tools, createAgentTool()] };
}
