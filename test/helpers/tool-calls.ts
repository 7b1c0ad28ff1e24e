// Calling tools the way the agent loop does (schema → validation → permission →
// call → tool_result), in a real temp checkout, and the results the model sees.
import { utimesSync } from 'node:fs';
import { join } from 'node:path';
import { runToolCalls, type CallEvent } from '../../src/agent/executor.js';
import { makeTools } from '../../src/tools/deps.js';
import type { PermissionGate, ToolDeps, ToolKind, ToolResultBlock } from '../../src/tools/tool.js';
import { depsFor, makeSandbox, type Sandbox } from './workspace.js';

export const TOOL_USE_ID = 'toolu_test';

/** The result of a call that succeeded, as the model sees it. */
export const ok = (content: string) => ({ type: 'tool_result', tool_use_id: TOOL_USE_ID, content });

/** The result of a call that failed with `message`, as the model sees it. */
export const failed = (message: string) => ({
  type: 'tool_result',
  tool_use_id: TOOL_USE_ID,
  content: `<tool_use_error>${message}</tool_use_error>`,
  is_error: true,
});

export interface ToolWorkspace {
  box: Sandbox;
  /** What the tools are made with: one agent's state in this checkout. A change to it holds from the next call on. */
  ctx: ToolDeps;
  call(name: string, input: unknown, gate?: PermissionGate): Promise<ToolResultBlock>;
  path(rel: string): string;
}

const open: Sandbox[] = [];

/** Removes the checkouts made since the last call: `afterEach(removeToolWorkspaces)`. */
export function removeToolWorkspaces(): void {
  for (const box of open.splice(0)) box.cleanup();
}

/**
 * A temp checkout holding `files` and a function that calls `tools` in it.
 * `onCall` hears each call start and end, as the loop's listeners do. With `oldestFirst`, each file's mtime is a minute after the previous one's.
 */
export function toolWorkspace(tools: readonly ToolKind[], files: Record<string, string> = {}, opts: { git?: boolean; oldestFirst?: boolean; onCall?: (event: CallEvent) => void } = {}): ToolWorkspace {
  const box = makeSandbox(files, { git: opts.git ?? false });
  open.push(box);
  if (opts.oldestFirst) {
    const start = Date.now() / 1000 - 86_400;
    Object.keys(files).forEach((rel, i) => utimesSync(join(box.root, rel), start + i * 60, start + i * 60));
  }
  const ctx = depsFor(box);
  return {
    box,
    ctx,
    async call(name, input, gate) {
      // Made for each call from what `ctx` holds then, as an agent's tools are made from its dependencies.
      const byName = new Map(makeTools(tools, ctx).map((tool) => [tool.name, tool] as const));
      const { results } = await runToolCalls([{ id: TOOL_USE_ID, name, input }], {
        tools: byName,
        signal: new AbortController().signal,
        ...(opts.onCall ? { onCall: opts.onCall } : {}),
        ...(gate ? { gate } : {}),
      });
      return results[0]!;
    },
    path: (rel) => join(box.root, rel),
  };
}
