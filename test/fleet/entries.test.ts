// fleet_repositories as a workflow writes it: entries, their qualifiers, and
// the one-line errors for what GitHub could not list.
import { describe, expect, it } from 'vitest';
import { fleetTarget, parseFleetRepositories } from '../../src/fleet/entries.js';

describe('fleet_repositories', () => {
  it('reads entries a line or comma-separated, with their qualifiers', () => {
    const entries = parseFleetRepositories('acme/* topic:node language:TypeScript\n  acme/infra, octo-org/widgets -topic:legacy\n\n# a comment\n');
    expect(entries.map(({ owner, name, qualifiers }) => ({ owner, name, qualifiers }))).toEqual([
      { owner: 'acme', name: '*', qualifiers: ['topic:node', 'language:TypeScript'] },
      { owner: 'acme', name: 'infra', qualifiers: [] },
      { owner: 'octo-org', name: 'widgets', qualifiers: ['-topic:legacy'] },
    ]);
  });

  it('keeps a quoted value with spaces in one qualifier', () => {
    expect(parseFleetRepositories('acme/* language:"Jupyter Notebook" -topic:"old stuff"')[0]!.qualifiers).toEqual(['language:"Jupyter Notebook"', '-topic:"old stuff"']);
  });

  it.each([
    ['acme', 'is not owner/* or owner/name'],
    ['acme/*/x', 'is not owner/* or owner/name'],
    ['-acme/*', 'is not owner/* or owner/name'],
    ['acme/a b', '"b" is not a search qualifier'],
    ['acme/* user:other', 'is not needed'],
    ['acme/* repo:evil/x', 'is not needed'],
  ])('refuses %s in one line', (text, problem) => {
    expect(() => parseFleetRepositories(text)).toThrow(problem);
    try {
      parseFleetRepositories(text);
    } catch (err) {
      expect((err as Error).message).not.toContain('\n');
      expect((err as Error).message).toMatch(/^Input fleet_repositories has /);
    }
  });

  it("takes a target's one repository, and nothing else", () => {
    expect(fleetTarget('acme/infra')).toEqual({ owner: 'acme', repo: 'infra' });
    for (const text of ['', 'acme/*', 'acme/a, acme/b', 'acme/a topic:x']) expect(() => fleetTarget(text), text).toThrow(/works on one repository/);
  });
});
