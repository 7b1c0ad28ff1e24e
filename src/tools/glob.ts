import { isAbsolute, join, relative } from 'node:path';
import { z } from 'zod';
import { loadPrompt } from '../prompts/load.js';
import { isInside } from '../safety/paths.js';
import { RipgrepTimeout, runRipgrep, vcsExcludes } from './ripgrep.js';
import { searchTarget, visibleToSearch } from './search-path.js';
import { defineTool, ToolError } from './tool.js';

export const GLOB_MAX_RESULTS = 100;

const inputSchema = z.object({
  pattern: z.string(),
  path: z.string().optional().describe('Folder (default: repository root)'),
});

export const globTool = defineTool(
  {
    name: 'Glob',
    description: loadPrompt('tools/Glob.md'),
    inputSchema,
    traits: { checkout: 'reads', clearable: true },
    isConcurrencySafe: () => true,
    target: (input) => ({ path: input.path ?? '.' }),
  },
  (deps) => ({
    async call(input, { signal }) {
      const target = searchTarget(input.path, deps, { directoryOnly: true });
      let pattern = input.pattern;
      // An absolute pattern under the searched folder means the same as its relative form.
      if (isAbsolute(pattern) && isInside(pattern, target.real)) pattern = relative(target.real, pattern) || '**';
      // rg runs inside the searched folder so the pattern is relative to it, as the model means it.
      const hidden = deps.hiddenGlobs.flatMap((glob) => ['--glob', `!${glob}`]);
      // Hidden and git-ignored files are listed (seed 000: .gitignore is for build tools, and the
      // model must see .env or a generated file it is asked about); VCS folders never are.
      const args = ['--files', '--hidden', '--no-ignore', '--sortr=modified', '--glob', pattern, ...hidden, ...vcsExcludes()];
      let result;
      try {
        result = await runRipgrep(args, { cwd: target.real, signal });
      } catch (err) {
        if (err instanceof RipgrepTimeout) throw new ToolError(`Glob timed out: ${err.message}. Use a more specific path or pattern.`);
        throw new ToolError(`Glob failed: ${(err as Error).message}`);
      }
      const visible = visibleToSearch(deps);
      const files = result.stdout
        .split('\n')
        .filter((line) => line.length > 0)
        .map((line) => {
          const abs = join(target.real, line);
          return isInside(abs, deps.root) ? relative(deps.root, abs) : abs;
        })
        .filter(visible);
      if (files.length === 0) return { content: 'No files found' };
      const shown = files.slice(0, GLOB_MAX_RESULTS).join('\n');
      const truncated = files.length > GLOB_MAX_RESULTS || result.cut;
      return {
        content: truncated ? `${shown}\n(Results are truncated. Consider using a more specific path or pattern.)` : shown,
      };
    },
  }),
);
