// What a tool is made with (tool.ts `ToolKind.make`): the run's checkout and
// the agent's own state. Each agent of a run — the main agent, a verifier, an
// explorer — gets its own read state, shell folder and checklist, so what one
// has read or where one has cd'ed never leaks into another's calls.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { childEnvironment } from '../safety/env.js';
import type { Sandbox } from '../safety/sandbox/wrap.js';
import { newReadFileState } from './file-state.js';
import type { Explore, Tool, ToolDeps, ToolKind } from './tool.js';

/** The run's part of the dependencies, the same for every agent. */
export interface Workspace {
  root: string;
  tempDir: string;
  /** The runner's environment, which the agent's processes get an allow-list of. */
  parentEnv: NodeJS.ProcessEnv;
  sandbox?: Sandbox;
  hiddenGlobs?: readonly string[];
}

/** Fresh dependencies for one agent: its own read state, shell folder, checklist and review. */
export function toolDeps(workspace: Workspace, explore?: Explore): ToolDeps {
  const home = join(workspace.tempDir, 'home');
  const tmp = join(workspace.tempDir, 'tmp');
  for (const dir of [home, tmp, join(workspace.tempDir, 'bash')]) mkdirSync(dir, { recursive: true });
  return {
    root: workspace.root,
    tempDir: workspace.tempDir,
    childEnv: childEnvironment(workspace.parentEnv, { home, tmp }),
    ...(workspace.sandbox ? { sandbox: workspace.sandbox } : {}),
    hiddenGlobs: workspace.hiddenGlobs ?? [],
    files: newReadFileState(),
    shell: { cwd: workspace.root },
    checklist: { todos: [] },
    review: { comments: [], replies: [] },
    ...(explore ? { explore } : {}),
  };
}

/** The tools of one agent, made from the kinds it is offered. */
export function makeTools(kinds: readonly ToolKind[], deps: ToolDeps): Tool[] {
  return kinds.map((kind) => kind.make(deps));
}
