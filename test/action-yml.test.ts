// action.yml is the contract's first page: every input and output of
// product.md §2 and §4, with the documented defaults, and the node24 runtime.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { DEFAULTS } from '../src/inputs.js';

const text = readFileSync(join(import.meta.dirname, '..', 'action.yml'), 'utf8');

/** The keys (and default, if any) of a top-level section of action.yml. */
function section(name: string): Map<string, string | undefined> {
  const body = text.split(new RegExp(`^${name}:\\n`, 'm'))[1]!.split(/^\S/m)[0]!;
  const entries = new Map<string, string | undefined>();
  let current: string | undefined;
  for (const line of body.split('\n')) {
    const key = /^ {2}(\w+):\s*$/.exec(line);
    if (key) {
      current = key[1]!;
      entries.set(current, undefined);
      continue;
    }
    const def = /^ {4}default:\s*(.*)$/.exec(line);
    if (def && current) entries.set(current, def[1]!.replace(/^"(.*)"$/, '$1'));
  }
  return entries;
}

describe('action.yml', () => {
  it('is valid YAML with a name, a description and every input described', () => {
    const parsed = parse(text) as { name: string; description: string; inputs: Record<string, { description?: string }> };
    expect(parsed.name).toBe('Deckhand');
    expect(parsed.description).toBeTruthy();
    for (const [name, input] of Object.entries(parsed.inputs)) expect(input.description, name).toBeTruthy();
  });

  it('runs the committed bundle on node24', () => {
    expect(text).toMatch(/^runs:\n {2}using: node24\n {2}main: dist\/index\.js$/m);
  });

  it('declares every input of the contract with its default', () => {
    expect(Object.fromEntries(section('inputs'))).toEqual({
      anthropic_api_key: undefined,
      provider: 'anthropic',
      github_token: '${{ github.token }}',
      mode: 'auto',
      prompt: undefined,
      trigger_phrase: '@deckhand',
      label_trigger: 'deckhand',
      assignee_trigger: undefined,
      // No declared default: left empty, the repository config may set them (product.md §5).
      model: undefined,
      max_turns: undefined,
      max_budget_usd: '5',
      timeout_minutes: '20',
      allowed_tools: undefined,
      disallowed_tools: undefined,
      config_path: '.github/deckhand.yml',
      branch_prefix: 'deckhand/',
      base_branch: undefined,
      sandbox: 'auto',
      network: 'off',
      mcp_config: undefined,
      mcp_env: undefined,
      open_pr: 'true',
      allowed_bots: undefined,
      dry_run: 'false',
      phase: 'all',
      tracking_comment_id: undefined,
      outputs_path: undefined,
      outputs_sha256: undefined,
      output_schema: undefined,
      fleet_repositories: undefined,
      fleet_id: undefined,
      fleet_max_targets: '100',
    });
  });

  it('gives the same defaults as the action applies to a run started by hand', () => {
    const declared = Object.fromEntries([...section('inputs')].filter(([name, value]) => value !== undefined && name !== 'github_token'));
    expect(DEFAULTS).toEqual(declared);
  });

  it('documents the defaults of model and max_turns, which the code applies', () => {
    expect(text).toContain('default: claude-sonnet-5-5');
    expect(text).toContain('default: 40');
  });

  it('declares every output of the contract', () => {
    expect([...section('outputs').keys()]).toEqual([
      'conclusion', 'comment_url', 'review_url', 'branch', 'pr_url', 'commit_sha', 'cost_usd', 'turns', 'transcript',
      'tracking_comment_id', 'outputs_path', 'outputs_sha256', 'structured_output',
      'matrix', 'matrix_count', 'matrix_1', 'matrix_2', 'matrix_3', 'matrix_4', 'issue_url',
    ]);
  });
});
