// The network allow-list (issue 31): hosts, `*.` patterns that never match
// the apex, presets, literal addresses; a malformed entry is one line naming
// it; the config narrows the workflow's list and never widens it.
import { describe, expect, it } from 'vitest';
import { allowsName, namesLiterally, narrowedBy, NetworkListError, parseHostList, parseNetworkInput } from '../../../src/safety/network/allow-list.js';

describe('the network input', () => {
  it('off, empty and on keep their meaning', () => {
    expect(parseNetworkInput('')).toEqual({ kind: 'off' });
    expect(parseNetworkInput('off')).toEqual({ kind: 'off' });
    expect(parseNetworkInput('ON')).toEqual({ kind: 'on' });
    expect(allowsName({ kind: 'on' }, 'anything.example')).toBe(true);
    expect(allowsName({ kind: 'off' }, 'anything.example')).toBe(false);
  });

  it('a host allows itself alone; a pattern allows the names under its domain, never the domain', () => {
    const setting = parseNetworkInput('example.test, *.github.test\nEXAMPLE.org.');
    expect(allowsName(setting, 'example.test')).toBe(true);
    expect(allowsName(setting, 'www.example.test')).toBe(false);
    expect(allowsName(setting, 'api.github.test')).toBe(true);
    expect(allowsName(setting, 'a.b.github.test')).toBe(true);
    expect(allowsName(setting, 'github.test')).toBe(false);
    expect(allowsName(setting, 'evilgithub.test')).toBe(false);
    expect(allowsName(setting, 'example.org')).toBe(true);
    expect(allowsName(setting, 'Example.Org.')).toBe(true);
  });

  it('presets stand for their ecosystem\'s hosts', () => {
    const setting = parseNetworkInput('npm, pypi, github');
    for (const host of ['registry.npmjs.org', 'registry.yarnpkg.com', 'pypi.org', 'files.pythonhosted.org', 'codeload.github.com', 'objects.githubusercontent.com']) {
      expect(allowsName(setting, host)).toBe(true);
    }
    expect(allowsName(setting, 'npmjs.org')).toBe(false);
    expect(allowsName(setting, 'gist.github.com')).toBe(false);
  });

  it.each([
    ['https://example.org', 'give the host alone, without a scheme or a path'],
    ['example.org/path', 'give the host alone, without a path'],
    ['example.org:443', 'give the host alone, without a port'],
    ['*.org', 'a pattern is "*." followed by a domain'],
    ['*example.org', 'a pattern is "*." followed by a domain'],
    ['ex ample.org', 'it is not a host name'],
    ['-bad.example', 'it is not a host name'],
  ])('"%s" is refused in one line that names it', (entry, why) => {
    expect(() => parseNetworkInput(`npm, ${entry}`)).toThrow(NetworkListError);
    expect(() => parseNetworkInput(`npm, ${entry}`)).toThrow(`The input network: "${entry}" is not allowed: ${why}`);
  });

  it('an address or localhost counts as named literally only when written so', () => {
    const setting = parseNetworkInput('127.0.0.1, [::1], localhost, mirror.test');
    expect(namesLiterally(setting, '127.0.0.1', 'mirror.test')).toBe(true);
    expect(namesLiterally(setting, '::1', 'whatever.test')).toBe(true);
    expect(namesLiterally(setting, '127.0.0.2', 'localhost')).toBe(true);
    expect(namesLiterally(setting, '127.0.0.2', 'mirror.test')).toBe(false);
    expect(namesLiterally(parseNetworkInput('mirror.test'), '127.0.0.1', 'mirror.test')).toBe(false);
  });
});

describe("the config's list narrows the workflow's", () => {
  it('a host must be on both; the config cannot add one, and cannot turn off into on', () => {
    const workflow = parseNetworkInput('npm, example.test');
    const config = parseHostList(['example.test', 'evil.test'], 'network in the config file');
    const effective = narrowedBy(workflow, config);
    expect(allowsName(effective, 'example.test')).toBe(true);
    expect(allowsName(effective, 'evil.test')).toBe(false);
    expect(allowsName(effective, 'registry.npmjs.org')).toBe(false);
    expect(narrowedBy({ kind: 'off' }, config)).toEqual({ kind: 'off' });
    const fromOn = narrowedBy({ kind: 'on' }, config);
    expect(allowsName(fromOn, 'evil.test')).toBe(true);
    expect(allowsName(fromOn, 'other.test')).toBe(false);
  });
});
