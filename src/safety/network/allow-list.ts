// The network a sandboxed command may reach, by name (issue 31): `off`, `on`,
// or an allow-list of hosts (`example.org`: that host alone), subdomain
// patterns (`*.example.org`: any name under it, never the apex) and presets
// (`npm`, `pypi`, `github`, `go`, `crates`, `rubygems`, `maven`), comma- or
// newline-separated. The base branch's config may narrow the workflow's list
// (a host must then be on both); a pull request cannot widen it. A malformed
// entry is one line that names it, before any model call.

/** The hosts each preset stands for: what the ecosystem's client fetches from. */
export const NETWORK_PRESETS: Readonly<Record<string, readonly string[]>> = {
  npm: ['registry.npmjs.org', 'registry.yarnpkg.com'],
  pypi: ['pypi.org', 'files.pythonhosted.org'],
  github: ['github.com', 'api.github.com', 'codeload.github.com', 'objects.githubusercontent.com', 'raw.githubusercontent.com'],
  go: ['proxy.golang.org', 'sum.golang.org', 'storage.googleapis.com'],
  crates: ['crates.io', 'index.crates.io', 'static.crates.io'],
  rubygems: ['rubygems.org', 'index.rubygems.org'],
  maven: ['repo.maven.apache.org', 'repo1.maven.org'],
};

/** One entry of a list: a host, every name under a domain, or an address written as such. */
export type HostPattern = { kind: 'host'; host: string } | { kind: 'subdomains'; domain: string } | { kind: 'address'; address: string };

/** Where the names come from: each list must allow a host (the workflow's, then the config's when it narrows it). */
export type NetworkSetting = { kind: 'off' } | { kind: 'on' } | { kind: 'list'; lists: ReadonlyArray<readonly HostPattern[]> };

/** An entry that is not a host, a pattern or a preset: told in one line. */
export class NetworkListError extends Error {
  override name = 'NetworkListError';
  constructor(
    where: string,
    readonly entry: string,
    readonly problem: string,
  ) {
    super(`${where}: "${entry}" is not allowed: ${problem}.`);
  }
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** A host name as DNS takes it (lower case, labels of letters, digits and hyphens), or undefined. */
function hostName(text: string): string | undefined {
  const host = text.toLowerCase().replace(/\.$/, '');
  if (host.length === 0 || host.length > 253) return undefined;
  return host.split('.').every((label) => LABEL.test(label)) ? host : undefined;
}

/** An IPv6 address as written in a list (`[::1]` or `::1`), in the form Node prints it; undefined when it is none. */
function ipv6(text: string): string | undefined {
  const bare = text.replace(/^\[(.*)\]$/, '$1');
  if (!bare.includes(':') || !/^[0-9a-f:.]+$/i.test(bare)) return undefined;
  try {
    return new URL(`http://[${bare}]/`).hostname.slice(1, -1);
  } catch {
    return undefined;
  }
}

/** Why an entry is refused, in words that say what to write instead. */
function entryProblem(entry: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(entry)) return 'give the host alone, without a scheme or a path (example.org)';
  if (/[/?#]/.test(entry)) return 'give the host alone, without a path (example.org)';
  if (/:\d+$/.test(entry)) return 'give the host alone, without a port: every port of an allowed host is allowed';
  if (entry.includes('*')) return 'a pattern is "*." followed by a domain (*.example.org), and matches the names under it, not the domain itself';
  return `it is not a host name, a subdomain pattern (*.example.org) or a preset (${Object.keys(NETWORK_PRESETS).join(', ')})`;
}

/** The patterns a list's entries stand for; `where` names the list in an error ("input network", "network in the config file"). */
export function parseHostList(entries: readonly string[], where: string): HostPattern[] {
  const patterns: HostPattern[] = [];
  for (const raw of entries) {
    const entry = raw.trim();
    if (entry === '') continue;
    const preset = NETWORK_PRESETS[entry.toLowerCase()];
    if (preset) {
      patterns.push(...preset.map((host): HostPattern => ({ kind: 'host', host })));
      continue;
    }
    if (IPV4.test(entry)) {
      patterns.push({ kind: 'address', address: entry });
      continue;
    }
    const v6 = ipv6(entry);
    if (v6) {
      patterns.push({ kind: 'address', address: v6 });
      continue;
    }
    const sub = entry.startsWith('*.') ? hostName(entry.slice(2)) : undefined;
    // A pattern needs a domain of two labels at least: `*.org` would allow a whole top-level domain.
    if (sub && sub.includes('.')) {
      patterns.push({ kind: 'subdomains', domain: sub });
      continue;
    }
    const host = entry.includes('*') ? undefined : hostName(entry);
    if (!host) throw new NetworkListError(where, entry, entryProblem(entry));
    patterns.push({ kind: 'host', host });
  }
  return patterns;
}

/** The list's entries: one a line or comma-separated. */
export function splitList(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** The workflow's `network` input: `off` (or empty), `on`, or an allow-list. */
export function parseNetworkInput(text: string): NetworkSetting {
  const value = text.trim().toLowerCase();
  if (value === '' || value === 'off') return { kind: 'off' };
  if (value === 'on') return { kind: 'on' };
  return { kind: 'list', lists: [parseHostList(splitList(text), 'The input network')] };
}

/**
 * The network a run gets: the workflow's, narrowed by the base branch's
 * config list when there is one (a host must then be on both) — never wider:
 * `off` stays off, `on` becomes the config's list, and the config's `off`
 * turns it off.
 */
export function narrowedBy(setting: NetworkSetting, config: 'off' | readonly HostPattern[] | undefined): NetworkSetting {
  if (!config || setting.kind === 'off') return setting;
  if (config === 'off') return { kind: 'off' };
  if (setting.kind === 'on') return { kind: 'list', lists: [config] };
  return { kind: 'list', lists: [...setting.lists, config] };
}

/** True when `pattern` allows the name `host` (lower case, no trailing dot). */
function matches(pattern: HostPattern, host: string): boolean {
  if (pattern.kind === 'host') return pattern.host === host;
  if (pattern.kind === 'subdomains') return host.endsWith(`.${pattern.domain}`);
  return pattern.address === host;
}

/** The host as the lists compare it: lower case, no trailing dot, an IPv6 literal without brackets and in Node's form. */
export function normalHost(host: string): string {
  const lower = host.toLowerCase().replace(/\.$/, '');
  return ipv6(lower) ?? lower;
}

/** True when every list of the setting allows the host by name (`on` allows all, `off` none). */
export function allowsName(setting: NetworkSetting, host: string): boolean {
  if (setting.kind !== 'list') return setting.kind === 'on';
  const name = normalHost(host);
  return setting.lists.every((list) => list.some((pattern) => matches(pattern, name)));
}

/** True when every list names this address, or `localhost`, literally: then a private or loopback address may be reached. */
export function namesLiterally(setting: NetworkSetting, address: string, host: string): boolean {
  if (setting.kind !== 'list') return false;
  const wanted = normalHost(address);
  const name = normalHost(host);
  return setting.lists.every((list) => list.some((p) => (p.kind === 'address' && p.address === wanted) || (p.kind === 'host' && p.host === 'localhost' && name === 'localhost')));
}

/** A pattern as the list would write it. */
function written(pattern: HostPattern): string {
  return pattern.kind === 'host' ? pattern.host : pattern.kind === 'subdomains' ? `*.${pattern.domain}` : pattern.address;
}

/** What a list allows, in words for the log: its entries, or, narrowed by the config, that a host must be on each. */
export function describeNetwork(setting: Extract<NetworkSetting, { kind: 'list' }>): string {
  const each = setting.lists.map((list) => (list.length === 0 ? 'no host' : list.map(written).join(', ')));
  return each.length === 1 ? each[0]! : `hosts on every one of these lists: ${each.map((list) => `(${list})`).join(' and ')}`;
}
