import { describe, expect, it } from 'vitest';
import { readInputs } from '../src/inputs.js';

const read = (values: Record<string, string>) => readInputs((name) => values[name] ?? '');

describe('inputs', () => {
  it('applies the defaults of action.yml to empty inputs', () => {
    expect(read({ prompt: 'x' })).toEqual({
      prompt: 'x',
      anthropic_api_key: '',
      provider: 'anthropic',
      github_token: '',
      mode: 'auto',
      trigger_phrase: '@deckhand',
      label_trigger: 'deckhand',
      assignee_trigger: '',
      model: '',
      max_turns: undefined,
      allowed_tools: '',
      disallowed_tools: '',
      config_path: '.github/deckhand.yml',
      sandbox: 'auto',
      network: { kind: 'off' },
      verify: '',
      mcp_config: '',
      mcp_env: '',
      max_budget_usd: 5,
      timeout_minutes: 20,
      branch_prefix: 'deckhand/',
      base_branch: '',
      open_pr: true,
      allowed_bots: '',
      dry_run: false,
      phase: 'all',
      tracking_comment_id: undefined,
      outputs_path: '',
      outputs_sha256: '',
      output_schema: '',
      fleet_repositories: '',
      fleet_id: '',
      fleet_max_targets: 100,
    });
  });

  it.each(['anthropic', 'bedrock', 'vertex'])('takes provider %s', (provider) => {
    expect(read({ prompt: 'x', provider })).toMatchObject({ provider });
  });

  it('reads network as off, on, or an allow-list of hosts, patterns and presets', () => {
    expect(read({ prompt: 'x', network: 'ON' }).network).toEqual({ kind: 'on' });
    expect(read({ prompt: 'x', network: '' }).network).toEqual({ kind: 'off' });
    expect(read({ prompt: 'x', network: 'pypi\n*.example.org, 10.0.0.7' }).network).toEqual({
      kind: 'list',
      lists: [
        [
          { kind: 'host', host: 'pypi.org' },
          { kind: 'host', host: 'files.pythonhosted.org' },
          { kind: 'subdomains', domain: 'example.org' },
          { kind: 'address', address: '10.0.0.7' },
        ],
      ],
    });
  });

  it('passes mcp_config and mcp_env on as written, for mcp/config.ts to read', () => {
    const mcp_config = '{"mcpServers": {"docs": {"url": "https://x.example/mcp", "headers": {"Authorization": "Bearer s3cret"}}}}';
    expect(read({ prompt: 'x', mcp_config, mcp_env: 'DOCS_TOKEN, TRACKER_TOKEN' })).toMatchObject({ mcp_config, mcp_env: 'DOCS_TOKEN, TRACKER_TOKEN' });
  });

  it.each([
    [{ max_turns: 'lots' }, "Input max_turns must be a number (got 'lots')."],
    [{ max_turns: '2.5' }, "Input max_turns must be a whole number (got '2.5')."],
    [{ max_turns: '0' }, "Input max_turns must be at least 1 (got '0')."],
    [{ max_budget_usd: '-1' }, "Input max_budget_usd must be more than 0 (got '-1')."],
    [{ timeout_minutes: '999' }, "Input timeout_minutes must be at most 360 (a job runs for at most 6 hours) (got '999')."],
    [{ model: 'claude sonnet' }, "Input model must be a model id, such as claude-sonnet-5-5 (got 'claude sonnet')."],
    [{ mode: 'yolo' }, "Input mode must be auto, mention, review, fix, task, ci-fix, fleet-plan or fleet-report (got 'yolo')."],
    [{ fleet_id: 'nightly bump' }, "Input fleet_id may only hold letters, digits, \".\", \"_\" and \"-\" (at most 64, starting with a letter or digit) (got 'nightly bump')."],
    [{ fleet_max_targets: '2000' }, "Input fleet_max_targets must be at most 1024 (four matrices of 256 jobs) (got '2000')."],
    [{ dry_run: 'yes' }, "Input dry_run must be true or false (got 'yes')."],
    [{ phase: 'review' }, "Input phase must be all, start, agent or publish (got 'review')."],
    [{ tracking_comment_id: '12abc' }, "Input tracking_comment_id must be a number (got '12abc')."],
    [{ outputs_sha256: 'abc' }, "Input outputs_sha256 must be the agent job's outputs_sha256 (64 hex digits) (got 'abc')."],
    [{ provider: 'foundry' }, "Input provider must be anthropic, bedrock or vertex (got 'foundry')."],
    [{ provider: 'Bedrock' }, "Input provider must be anthropic, bedrock or vertex (got 'Bedrock')."],
    [{ network: 'npm, https://evil.example/x' }, 'Input network has "https://evil.example/x", which is not allowed: give the host alone, without a scheme or a path (example.org) (got \'npm, https://evil.example/x\').'],
    [{ network: 'npm\n*.org' }, 'Input network has "*.org", which is not allowed: a pattern is "*." followed by a domain (*.example.org), and matches the names under it, not the domain itself'],
  ])('rejects %o with one line naming the input', (values, message) => {
    expect(() => read({ prompt: 'x', ...values })).toThrow(message);
  });
});
