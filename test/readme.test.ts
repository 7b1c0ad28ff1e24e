// The README is part of the contract: its input and output tables match
// action.yml, it shows the example workflows as they are, and it gives the two
// commands a new user runs.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { DEFAULT_MAX_TURNS, DEFAULT_MODEL } from '../src/inputs.js';

const ROOT = join(import.meta.dirname, '..');
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as {
  inputs: Record<string, { default?: string }>;
  outputs: Record<string, unknown>;
};

/** The rows of the table that follows `heading`: first cell (unquoted) → second cell. */
function table(heading: string): Array<[string, string]> {
  const section = readme.split(`\n${heading}\n`)[1]!.split('\n## ')[0]!;
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const cells = line.split('|').map((cell) => cell.trim());
      return [cells[1]!.replace(/`/g, ''), cells[2]!.replace(/^`|`$/g, '')];
    });
}

describe('the README', () => {
  it('gives the two commands exactly', () => {
    expect(readme).toContain('```sh\nnpm ci && npm run demo\n```');
    expect(readme).toContain('```sh\nnpm ci && npm test\n```');
  });

  it('lists every input of action.yml, in order, with its default', () => {
    const rows = table('## Inputs');
    expect(rows.map(([name]) => name)).toEqual(Object.keys(action.inputs));
    const documented: Record<string, string> = { model: DEFAULT_MODEL, max_turns: String(DEFAULT_MAX_TURNS) };
    for (const [name, shown] of rows) {
      const declared = action.inputs[name]!.default ?? documented[name];
      if (declared !== undefined) expect(shown, name).toBe(declared);
      else expect(['—', 'default branch'], name).toContain(shown);
    }
  });

  it('lists every output of action.yml, in order', () => {
    expect(table('## Outputs').map(([name]) => name)).toEqual(Object.keys(action.outputs));
  });

  it.each(readdirSync(join(ROOT, 'examples', 'workflows')))('shows %s as it is', (name) => {
    const workflow = readFileSync(join(ROOT, 'examples', 'workflows', name), 'utf8').trimEnd();
    expect(readme).toContain('```yaml\n' + workflow + '\n```');
  });
});
