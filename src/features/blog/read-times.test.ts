// Articles as long as their read time (issue 24 part 9): each seed article's read time, counted from
// its own words (readTimeOf, 200 words a minute), is the one the specification lists (§9), and the
// frontmatter's figure agrees, so no page shows a read time its text does not fill.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTimeOf } from './blog';

const root = join(import.meta.dirname, '../../..');

/** Spec §9: 'Read times: melatonin 8 min; adaptogens 12; … Shilajit varieties 10.' */
const SPEC_READ_TIMES: Record<string, string> = {
  'melatonin-natural-sleep-support': '8 min',
  'science-of-adaptogens-modern-stress': '12 min',
  'ashwagandha-stress-relief': '10 min',
  'curcumin-health-benefits': '10 min',
  'gluco-balance-natural-blood-sugar-management': '10 min',
  'gut-brain-connection-digestion-mood-energy': '12 min',
  'gut-harmony-digestive-wellness': '10 min',
  'morning-rituals-ayurveda': '12 min',
  'seasonal-wellness-rituals-ayurveda': '12 min',
  'shilajit-the-complete-guide': '10 min',
  'shilajit-varieties-explained': '10 min',
};

const article = (name: string) => {
  const text = readFileSync(join(root, 'content/blog', `${name}.md`), 'utf8');
  const [, frontmatter, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text) ?? [];
  return { frontmatter, body };
};

describe('each seed article is as long as the read time the specification gives it', () => {
  it.each(Object.entries(SPEC_READ_TIMES))('%s: %s', (name, readTime) => {
    const { frontmatter, body } = article(name);
    expect(readTimeOf(body, 'no body')).toBe(readTime);
    expect(frontmatter).toContain(`readTime: ${readTime}`);
    expect(frontmatter).toContain('author: "Vedara editorial team"');
  });
});
