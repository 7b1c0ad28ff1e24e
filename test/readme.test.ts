// The README and docs/ are part of the contract: the input and output tables
// in docs/configuration.md match action.yml, the README shows the example
// workflows as they are and gives the two commands a new user runs, and every
// link between the pages leads somewhere.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Mode } from '../src/core/trigger.js';
import { DEFAULT_MAX_TURNS, DEFAULT_MODEL } from '../src/inputs.js';
import { MODES, specOf } from '../src/modes/index.js';
import { stepsFor } from '../src/prepare/index.js';

const ROOT = join(import.meta.dirname, '..');
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const configuration = readFileSync(join(ROOT, 'docs', 'configuration.md'), 'utf8');
const pages = readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md'));
const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as {
  inputs: Record<string, { default?: string }>;
  outputs: Record<string, unknown>;
};

/** The rows of the table that follows `heading` in `page`: first cell (unquoted) → second cell. */
function table(page: string, heading: string): Array<[string, string]> {
  const section = page.split(`\n${heading}\n`)[1]!.split('\n## ')[0]!;
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const cells = line.split('|').map((cell) => cell.trim());
      return [cells[1]!.replace(/`/g, ''), cells[2]!.replace(/^`|`$/g, '')];
    });
}

/** The anchors GitHub gives a page's headings (outside code blocks). */
function anchors(page: string): Set<string> {
  const found = new Set<string>();
  let fenced = false;
  for (const line of page.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    else if (!fenced && /^#{1,6} /.test(line)) {
      const title = line.replace(/^#+ /, '').toLowerCase();
      found.add(title.replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-'));
    }
  }
  return found;
}

describe('the README', () => {
  it('gives the two commands exactly', () => {
    expect(readme).toContain('```sh\nnpm ci && npm run demo\n```');
    expect(readme).toContain('```sh\nnpm ci && npm test\n```');
  });

  // The five uses' workflows; the two-phase one and the fleet's are shown on pages of their own.
  const ownPage: Record<string, string> = { 'two-phase.yml': 'two-phase.md', 'fleet.yml': 'fleet.md' };
  it.each(readdirSync(join(ROOT, 'examples', 'workflows')))('shows %s as it is', (name) => {
    const workflow = readFileSync(join(ROOT, 'examples', 'workflows', name), 'utf8').trimEnd();
    const page = ownPage[name] ? readFileSync(join(ROOT, 'docs', ownPage[name]), 'utf8') : readme;
    expect(page).toContain('```yaml\n' + workflow + '\n```');
  });

  it('links every page of docs/', () => {
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) expect(readme, page).toContain(`](docs/${page})`);
  });
});

describe('docs/configuration.md', () => {
  it('lists every input of action.yml, in order, with its default', () => {
    const rows = table(configuration, '## Inputs');
    expect(rows.map(([name]) => name)).toEqual(Object.keys(action.inputs));
    const documented: Record<string, string> = { model: DEFAULT_MODEL, max_turns: String(DEFAULT_MAX_TURNS) };
    for (const [name, shown] of rows) {
      const declared = action.inputs[name]!.default ?? documented[name];
      if (declared !== undefined) expect(shown, name).toBe(declared);
      else expect(['—', 'default branch'], name).toContain(shown);
    }
  });

  it('lists every output of action.yml, in order', () => {
    expect(table(configuration, '## Outputs').map(([name]) => name)).toEqual(Object.keys(action.outputs));
  });
});

describe('links between the pages', () => {
  it.each(['README.md', ...pages.map((page) => join('docs', page))])('every relative link in %s leads to a file and heading that exist', (file) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target!)) continue;
      const [path, anchor] = target!.split('#') as [string, string | undefined];
      const linked = path === '' ? join(ROOT, file) : join(ROOT, dirname(file), path);
      expect(existsSync(linked), target).toBe(true);
      if (anchor !== undefined) expect(anchors(readFileSync(linked, 'utf8')), target).toContain(anchor);
    }
  });
});

describe('docs/how-it-works.md shows the code as it is', () => {
  const page = readFileSync(join(ROOT, 'docs', 'how-it-works.md'), 'utf8');
  /** The rows of the table after `heading`: its cells, backticks kept. */
  const rows = (heading: string) =>
    page
      .split(`\n${heading}\n`)[1]!
      .split('\n### ')[0]!
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) => line.split('|').slice(1, -1).map((cell) => cell.trim()));

  it("lists prepare's steps as stepsFor runs them, each in its file", async () => {
    const stepFiles = readdirSync(join(ROOT, 'src', 'prepare', 'steps')).filter((name) => name.endsWith('.ts'));
    const fileOf = new Map<unknown, string>();
    for (const name of stepFiles) {
      const module = (await import(`../src/prepare/steps/${name.replace(/\.ts$/, '.js')}`)) as Record<string, unknown>;
      for (const value of Object.values(module)) fileOf.set(value, name);
    }
    const listed = rows('### prepare, as declared steps').map(([step, file]) => [step!.replace(/`/g, ''), file!.replace(/`/g, '')]);
    const run = new Map<string, Set<string>>();
    for (const spec of MODES) for (const step of stepsFor(spec)) run.set(String(step.makes), (run.get(String(step.makes)) ?? new Set()).add(fileOf.get(step)!));
    expect(listed.map(([step]) => step)).toEqual([...run.keys()]);
    for (const [step, file] of listed) expect([...run.get(step!)!], step).toEqual([file]);
  });

  it('lists every mode with the events mode: auto gives it', () => {
    const listed = rows('### One spec per mode').map(([mode, events]) => [mode!.replace(/`/g, ''), events!.split(' / ')[0]!]);
    expect(listed.map(([mode]) => mode)).toEqual(MODES.map((spec) => spec.mode));
    for (const [mode, events] of listed) {
      const auto = Object.entries(specOf(mode as Mode).events).filter(([, rule]) => rule === 'auto').map(([event]) => event);
      expect([...events!.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]), mode).toEqual(auto);
    }
  });
});
