// npm packages the bench needs but the project does not (a client to compare
// with, another Node): installed on demand into <checkout>/.cache/<folder>,
// once per version, so `npm ci` stays small and a figure that needs one says
// why it could not be measured when the registry is out of reach.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { progress } from './figure.js';

/** `<root>/.cache/<folder>`, whose node_modules holds `name@version` (installed first when another version or none is there). */
export function installedPackage(root: string, folder: string, name: string, version: string): string {
  const prefix = join(root, '.cache', folder);
  const installed = join(prefix, 'node_modules', name);
  const manifest = join(installed, 'package.json');
  const installedVersion = () => (existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string }).version : undefined);
  if (installedVersion() !== version) {
    progress(`installing ${name}@${version} into .cache/${folder}…`);
    mkdirSync(prefix, { recursive: true });
    const npm = spawnSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', prefix, `${name}@${version}`], {
      encoding: 'utf8',
      timeout: 600_000,
    });
    if (npm.status !== 0 || installedVersion() !== version) {
      const line = (npm.stderr ?? '').split('\n').find((l) => /ERR!/.test(l)) ?? npm.error?.message ?? `npm exited with code ${npm.status}`;
      throw new Error(`npm install ${name}@${version} failed: ${line.trim()}`);
    }
  }
  return prefix;
}
