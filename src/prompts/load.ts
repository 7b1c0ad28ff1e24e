// Prompt texts live beside the code as plain files (src/prompts/**.md), copied
// to dist/prompts/ by the build, so they are easy to read whole and to diff.
import { readFileSync } from 'node:fs';

const cache = new Map<string, string>();

/** The text of `src/prompts/<name>` (or `dist/prompts/<name>` in the bundle), without its final newline. */
export function loadPrompt(name: string): string {
  const hit = cache.get(name);
  if (hit !== undefined) return hit;
  // In the bundle this module is dist/index.js; from source it is src/prompts/load.ts.
  for (const base of ['./prompts/', './']) {
    try {
      const text = readFileSync(new URL(base + name, import.meta.url), 'utf8').replace(/\n$/, '');
      cache.set(name, text);
      return text;
    } catch {
      // try the next location
    }
  }
  throw new Error(`Prompt file ${name} is missing from the build.`);
}

/** The prompt with each `{{name}}` replaced by its value (a missing value is an error, not a blank). */
export function renderPrompt(name: string, values: Record<string, string>): string {
  return loadPrompt(name).replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`Prompt ${name} needs a value for {{${key}}}.`);
    return value;
  });
}
