// The system prompt's skills section: every skill's name and description while
// they fit, then only how many more there are — many skills must not fill the
// prompt every request carries.
import { describe, expect, it } from 'vitest';
import { systemPrompt } from '../../src/context/system-prompt.js';

const facts = { repository: 'octo/widgets', root: '/work', date: '2026-12-05' };
const textOf = (skills: Array<{ name: string; description: string }>) => systemPrompt({ ...facts, skills }).map((block) => block.text).join('\n');

describe('the skills section', () => {
  it('lists each skill by name and description, and is absent without skills', () => {
    const text = textOf([{ name: 'deploy', description: 'How a deploy\nis checked.' }]);
    expect(text).toContain('# Skills');
    expect(text).toContain('- deploy: How a deploy is checked.');
    expect(textOf([])).not.toContain('# Skills');
  });

  it('past 50 skills or 8,000 characters, says how many more there are instead of listing them', () => {
    const many = Array.from({ length: 80 }, (_, i) => ({ name: `skill-${i}`, description: `Skill number ${i}.` }));
    const listed = textOf(many).split('\n').filter((line) => /^- skill-\d+: /.test(line));
    expect(listed).toHaveLength(50);
    expect(textOf(many)).toContain('- … and 30 more skills, not listed here.');
    const long = Array.from({ length: 40 }, (_, i) => ({ name: `skill-${i}`, description: 'x'.repeat(1_000) }));
    const text = textOf(long);
    const shown = text.split('\n').filter((line) => /^- skill-\d+: /.test(line));
    // Each description cut to 300 characters, and the list to 8,000.
    expect(shown.every((line) => line.length < 320)).toBe(true);
    expect(shown.join('\n').length).toBeLessThanOrEqual(8_000);
    expect(text).toContain(`- … and ${40 - shown.length} more skills, not listed here.`);
  });
});
