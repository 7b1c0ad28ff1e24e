// A Markdown file with YAML frontmatter, the shape of a skill's SKILL.md and
// of a memory file: "---", the YAML, "---", then the body.

export interface Frontmatter {
  /** The YAML's keys, as parsed. */
  data: Record<string, unknown>;
  body: string;
}

const FENCE = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** The file's frontmatter and body, or a one-line problem (no frontmatter, bad YAML, not a mapping). */
export async function parseFrontmatter(text: string): Promise<Frontmatter | { problem: string }> {
  const match = FENCE.exec(text.replace(/^\uFEFF/, ''));
  if (!match) return { problem: 'it has no frontmatter (a "---" line, YAML, then "---")' };
  // The YAML parser is loaded only when there is frontmatter to read.
  const { parse } = await import('yaml');
  let data: unknown;
  try {
    data = parse(match[1]!) ?? {};
  } catch (err) {
    return { problem: `its frontmatter is not valid YAML: ${(err as Error).message.split('\n')[0]}` };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { problem: 'its frontmatter is not a mapping of keys to values' };
  return { data: data as Record<string, unknown>, body: text.slice(match[0].length + (text.startsWith('\uFEFF') ? 1 : 0)) };
}

/** The YAML frontmatter of `data` (keys in the order given) followed by the body. */
export async function withFrontmatter(data: Record<string, string>, body: string): Promise<string> {
  const { stringify } = await import('yaml');
  return `---\n${stringify(data, { lineWidth: 0 })}---\n\n${body.trim()}\n`;
}
