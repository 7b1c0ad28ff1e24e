// The job summary: what happened, the answer, and what it cost.
import { cacheHitRatio, type Outcome } from '../core/outcome.js';
import { formatBytes, formatCost, formatDuration } from '../format.js';
import type { PlannedWrite } from '../github/writer.js';
import { truncate } from '../truncate.js';
import type { Published } from './request.js';
import { AGENT_LABELS, commitLink, pullLabel } from './text.js';

const SUMMARY_ANSWER_MAX = 500_000;

export type Conclusion = 'success' | 'failure' | 'skipped' | 'cancelled';

const HEADLINE: Record<Conclusion, string> = {
  success: '✅ Deckhand finished',
  failure: '❌ Deckhand failed',
  cancelled: '⏹️ Deckhand was cancelled',
  skipped: '⏭️ Deckhand skipped this event',
};

function publishedLines(published: Published): string[] {
  const { links, review } = published;
  const lines: string[] = [];
  if (links.pullRequest) lines.push(`- Pull request: [${pullLabel(links.pullRequest)}](${links.pullRequest.url})`);
  if (links.branch) lines.push(`- Branch: [\`${links.branch.name}\`](${links.branch.url})`);
  if (links.commit) lines.push(`- Commit: ${commitLink(links.commit)}`);
  if (links.compareUrl) lines.push(`- [Open a pull request](${links.compareUrl})`);
  if (review) {
    const repeated = review.repeated > 0 ? `, ${review.repeated} not repeated from an earlier review` : '';
    lines.push(`- Review: [${review.inline} inline comment${review.inline === 1 ? '' : 's'}, ${review.inBody} in the body${repeated}](${review.url})`);
  }
  if (published.threads) lines.push(`- Earlier review threads: ${published.threads.replied} replied to, ${published.threads.resolved} resolved`);
  if (published.check) lines.push(`- Check run "Deckhand review": [${published.check.conclusion}](${published.check.url})`);
  return lines;
}

/** The memories the run was given, and those it saved or removed. */
function memoryLines(memory: Published['memory']): string[] {
  if (!memory || (memory.recalled.length + memory.saved.length + memory.removed.length + (memory.refused?.length ?? 0) === 0 && !memory.problem)) return [];
  const named = (list: ReadonlyArray<{ name: string; author: string }>) => list.map((m) => `\`${m.name}\` (@${m.author})`).join(', ');
  const commit = memory.commit ? ` in ${commitLink(memory.commit)}` : '';
  return [
    '### Memory',
    '',
    ...(memory.recalled.length > 0 ? [`- Recalled: ${named(memory.recalled)}`] : []),
    ...(memory.saved.length > 0 ? [`- Saved${commit}: ${named(memory.saved)}`] : []),
    ...(memory.removed.length > 0 ? [`- Removed${commit}: ${named(memory.removed)}`] : []),
    ...(memory.problem ? [`- Not saved: ${memory.problem}`] : []),
    ...(memory.refused ?? []).map((r) => `- Refused \`${r.name}\`: ${r.why}`),
    '',
  ];
}

/** The review's second look: how many findings it judged, those it dropped with the evidence, and those it could not check. */
function doubleCheckLines(check: Outcome['doubleCheck']): string[] {
  if (!check) return [];
  const findings = (count: number) => `${count} finding${count === 1 ? '' : 's'}`;
  const dropped = check.dropped.map(({ comment, evidence }) => {
    const text = comment.body.trim().split('\n')[0]!;
    return `- ${comment.path}:${comment.line} — **${comment.severity}** ${text}\n  - Dropped: ${evidence.replace(/\s+/g, ' ').trim()}`;
  });
  return [
    '### Double-check',
    '',
    `${findings(check.checked)} double-checked; ${check.dropped.length} dropped after a second look${dropped.length > 0 ? ':' : '.'}`,
    ...(dropped.length > 0 ? ['', ...dropped] : []),
    ...(check.unchecked ? ['', `${findings(check.unchecked.count)} not double-checked, posted as ${check.unchecked.count === 1 ? 'it was' : 'they were'}: ${check.unchecked.why}.`] : []),
    '',
  ];
}

/** The hosts the Network section names (refused, then reached); the transcript has every connection. */
const SUMMARY_HOSTS = 50;

/** Hosts show as code; what is not a host name's character shows as "?" (a host is whatever a command asked the proxy for). */
const hostCell = (host: string) => `\`${host.replace(/[^A-Za-z0-9.:_\-[\]*]/g, '?').slice(0, 253)}\``;

/** What the egress proxy refused (each host with its count and why) and let through, when the network was an allow-list. */
function networkLines(network: Outcome['network']): string[] {
  if (!network || network.refused.length + network.reached.length === 0) return [];
  const lines = ['### Network', ''];
  if (network.refused.length > 0) {
    lines.push('| Refused host | Times | Why |', '|---|---:|---|');
    // The reason without the host, which is shown as code: the rest is the proxy's own words.
    for (const r of network.refused.slice(0, SUMMARY_HOSTS)) lines.push(`| ${hostCell(r.host)} | ${r.count} | ${r.why.replace(`network: ${r.host} `, '').replace(/[|\n]/g, ' ')} |`);
    const more = network.refused.slice(SUMMARY_HOSTS);
    if (more.length > 0) lines.push(`| … ${more.length} more host${more.length === 1 ? '' : 's'} | ${more.reduce((sum, r) => sum + r.count, 0)} | (in the transcript) |`);
    lines.push('', "To allow a host, add it to the workflow's `network` input (and to the config file's `network` list, when it has one).", '');
  }
  if (network.reached.length > 0) {
    const each = network.reached
      .slice(0, SUMMARY_HOSTS)
      .map((r) => `${hostCell(r.host)} (${r.connections} connection${r.connections === 1 ? '' : 's'}, ${formatBytes(r.bytes)}${r.failed > 0 ? `, ${r.failed} failed` : ''})`);
    const more = network.reached.length - SUMMARY_HOSTS;
    lines.push(`Reached: ${each.join(', ')}${more > 0 ? `, and ${more} more` : ''}.`, '');
  }
  return lines;
}

/** `reason`: why a run that failed or was cancelled after the agent ran ended so (the failure paragraph). */
export function renderSummary(
  outcome: Outcome,
  conclusion: Conclusion,
  model: string,
  published?: Published,
  planned: readonly PlannedWrite[] = [],
  reason?: string,
): string {
  const { tokens } = outcome;
  const lines = [`## ${HEADLINE[conclusion]}`, ''];
  if (reason) lines.push(reason, '');
  if (!reason || !reason.includes(outcome.terminal.message)) lines.push(outcome.terminal.message, '');
  const links = published ? publishedLines(published) : [];
  if (links.length > 0) lines.push(...links, '');
  lines.push(...memoryLines(published?.memory));
  lines.push(...doubleCheckLines(outcome.doubleCheck));
  // GitHub takes at most 1 MiB of a step's summary; the transcript always has the whole answer.
  if (outcome.answer) lines.push('### Answer', '', truncate(outcome.answer, SUMMARY_ANSWER_MAX, (left) => `\n\n… (${left} more characters: the whole answer is in the transcript)`), '');
  const { verification } = outcome;
  if (verification) {
    const checks = `${verification.checks} check${verification.checks === 1 ? '' : 's'}, ${verification.sentBack} FAIL${verification.sentBack === 1 ? '' : 's'} sent back to the agent`;
    lines.push('### Verifier', '', `**${verification.verdict === 'PASS' ? '✅ PASS' : '❌ FAIL'}** (${checks})`, '', truncate(verification.reason.trim(), SUMMARY_ANSWER_MAX, (left) => `\n\n… (${left} more characters in the transcript)`), '');
  }
  if (outcome.structuredOutput !== undefined) {
    const json = truncate(JSON.stringify(outcome.structuredOutput, null, 2), SUMMARY_ANSWER_MAX, (left) => `\n… (${left} more characters: the whole value is the structured_output output)`);
    // A fence longer than any run of backticks in the value, so nothing in it can close the block.
    const fence = '`'.repeat(Math.max(3, ...[...json.matchAll(/`+/g)].map((run) => run[0].length + 1)));
    lines.push('### Structured output', '', `${fence}json`, json, fence, '');
  }
  lines.push(...networkLines(outcome.network));
  lines.push(
    '### Usage',
    '',
    '| | |',
    '|---|---|',
    `| Model | \`${model}\` |`,
    `| Turns | ${outcome.turns} |`,
    `| Duration | ${formatDuration(outcome.durationMs)} |`,
    `| Input tokens | ${tokens.input} |`,
    `| Output tokens | ${tokens.output} |`,
    `| Cache read tokens | ${tokens.cacheRead} |`,
    `| Cache write tokens | ${tokens.cacheWrite} |`,
    `| Cache hit ratio | ${(cacheHitRatio(tokens) * 100).toFixed(1)}% |`,
    `| Cost | ${formatCost(outcome.costUsd)}${outcome.priceKnown ? '' : ' (estimated at Sonnet prices: model not in the price table)'} |`,
    '',
  );
  if (outcome.agents.length > 1) {
    lines.push('#### By agent', '', '| Agent | Runs | Turns | Input | Output | Cache read | Cache write | Cost |', '|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const agent of outcome.agents) {
      const t = agent.tokens;
      lines.push(`| ${AGENT_LABELS[agent.kind]} | ${agent.agents} | ${agent.turns} | ${t.input} | ${t.output} | ${t.cacheRead} | ${t.cacheWrite} | ${formatCost(agent.costUsd)} |`);
    }
    lines.push('');
  }
  lines.push('### Tool calls', '');
  if (outcome.tools.size > 0) {
    lines.push('| Tool | Calls | Total time | Errors |', '|---|---:|---:|---:|');
    for (const [name, stats] of [...outcome.tools].sort((a, b) => b[1].count - a[1].count)) {
      lines.push(`| ${name} | ${stats.count} | ${(stats.totalMs / 1000).toFixed(1)}s | ${stats.errors} |`);
    }
  } else {
    lines.push('No tool calls.');
  }
  lines.push('');
  lines.push(...dryRunLines(planned));
  return lines.join('\n');
}

function dryRunLines(planned: readonly PlannedWrite[]): string[] {
  if (planned.length === 0) return [];
  return ['### Dry run: what would have been written to GitHub', '', ...planned.flatMap((write) => [`#### ${write.title}`, '', write.content, ''])];
}

/** A skip writes nothing, except ci-fix's stop comment (which a dry run lists). */
export function renderSkipSummary(reason: string, planned: readonly PlannedWrite[] = []): string {
  return planned.length === 0 ? `## ${HEADLINE.skipped}\n\n${reason}\n` : [`## ${HEADLINE.skipped}`, '', reason, '', ...dryRunLines(planned)].join('\n');
}

/** The summary of a run that ended before the agent started (bad input, missing key, cancelled early). */
export function renderFailureSummary(message: string, conclusion: 'failure' | 'cancelled' = 'failure', planned: readonly PlannedWrite[] = []): string {
  return [`## ${HEADLINE[conclusion]}`, '', message, '', ...dryRunLines(planned)].join('\n');
}
