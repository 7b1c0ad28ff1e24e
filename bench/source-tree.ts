// A made-up TypeScript monorepo to search and read: packages/<pkg>/src/<area>/
// <file>.ts, small modules of interfaces and functions, the same bytes on every
// run (seeded), with a known share of files calling SEARCHED_NAME.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the Grep figures search for: a call that about MATCH_SHARE of the files make. */
export const SEARCHED_NAME = 'fetchWithRetry';
const MATCH_SHARE = 0.2;

const PACKAGES = ['api', 'web', 'worker', 'billing', 'accounts', 'search', 'shipping', 'catalog', 'auth', 'reports',
  'notifications', 'inventory', 'payments', 'admin', 'analytics', 'gateway', 'scheduler', 'storage', 'mailer', 'cli'];
const AREAS = ['handlers', 'models', 'services', 'routes', 'utils', 'jobs', 'views', 'store', 'schema', 'adapters'];
const NOUNS = ['invoice', 'order', 'user', 'session', 'cart', 'refund', 'report', 'token', 'address', 'coupon', 'ticket', 'shipment'];
const VERBS = ['load', 'save', 'compute', 'validate', 'format', 'merge', 'apply', 'resolve', 'parse', 'render'];
const FIELD_TYPES = ['string', 'number', 'boolean', 'string[]', 'Date', 'Record<string, number>'];

/** mulberry32: a tiny seeded generator, so the tree is the same on every run. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

type Random = ReturnType<typeof generator>;

const capital = (word: string) => word[0]!.toUpperCase() + word.slice(1);
const thirdPerson = (verb: string) => capital(verb.endsWith('y') ? `${verb.slice(0, -1)}ies` : `${verb}s`);

function functionSource(random: Random, type: string, noun: string, callsSearched: boolean): string[] {
  const verb = random.pick(VERBS);
  const name = `${verb}${capital(noun)}${random.int(1, 999)}`;
  const limit = random.int(2, 50);
  const body = [
    `  const started = Date.now();`,
    `  const items = input.filter((item) => item.id !== '' && item.count > ${limit});`,
    `  if (items.length === 0) {`,
    `    logger.debug('${name}: nothing to ${verb}', { size: input.length });`,
    `    return [];`,
    `  }`,
  ];
  if (callsSearched) body.push(`  const response = await ${SEARCHED_NAME}(\`/api/${noun}s/\${items[0]!.id}\`, { attempts: ${random.int(2, 5)} });`);
  for (let i = random.int(1, 4); i > 0; i--) body.push(`  metrics.observe('${noun}.${verb}', Date.now() - started, { step: ${i} });`);
  body.push(`  return items.map((item) => ({ ...item, count: item.count * ${random.int(2, 9)} }));`);
  return [
    `/** ${thirdPerson(verb)} the ${noun}s of one batch; skips those at or under ${limit}. */`,
    `export ${callsSearched ? 'async ' : ''}function ${name}(input: ${type}[]): ${callsSearched ? `Promise<${type}[]>` : `${type}[]`} {`,
    ...body,
    `}`,
    ``,
  ];
}

/** One module of `functions` functions (3-8 is a small file, 60 about 20 KB). */
function moduleSource(random: Random, path: string, functions: number, callsSearched: boolean, extraLines: string[] = []): string {
  const noun = random.pick(NOUNS);
  const type = `${capital(noun)}${random.int(1, 99)}`;
  const fields = Array.from({ length: random.int(3, 6) }, (_, i) => `  field${i}: ${random.pick(FIELD_TYPES)};`);
  const lines = [
    `// ${path}`,
    `import { logger } from '../../lib/logger.js';`,
    `import { metrics } from '../../lib/metrics.js';`,
    ...(callsSearched ? [`import { ${SEARCHED_NAME} } from '../../lib/http.js';`] : []),
    ``,
    ...extraLines,
    `export interface ${type} {`,
    `  id: string;`,
    `  count: number;`,
    ...fields,
    `}`,
    ``,
  ];
  const calling = random.int(0, functions - 1);
  for (let i = 0; i < functions; i++) lines.push(...functionSource(random, type, noun, callsSearched && i === calling));
  return lines.join('\n');
}

function write(root: string, path: string, text: string): string {
  const full = join(root, path);
  mkdirSync(join(full, '..'), { recursive: true });
  writeFileSync(full, text);
  return full;
}

/** Writes `files` small modules spread over packages × areas; returns their paths relative to root. */
export function writeSourceTree(root: string, files: number, seed = 1): string[] {
  const random = generator(seed);
  const paths: string[] = [];
  for (let i = 0; i < files; i++) {
    const dir = `packages/${PACKAGES[i % PACKAGES.length]}/src/${AREAS[Math.floor(i / PACKAGES.length) % AREAS.length]}`;
    const path = `${dir}/${random.pick(NOUNS)}-${random.pick(VERBS)}-${i}.ts`;
    write(root, path, moduleSource(random, path, random.int(3, 8), random.next() < MATCH_SHARE));
    paths.push(path);
  }
  return paths;
}

/** The line each mid-size file holds once, for Edit to change. */
export const REVISION_LINE = 'export const REVISION = 1;';

/** Writes `count` modules of about 20 KB (the size a model reads whole); returns their absolute paths. */
export function writeMidSizeFiles(root: string, count: number, seed = 2): string[] {
  const random = generator(seed);
  return Array.from({ length: count }, (_, i) => {
    const path = `packages/core/src/engine/stage-${i}.ts`;
    return write(root, path, moduleSource(random, path, 60, i % 3 === 0, [REVISION_LINE, '']));
  });
}
