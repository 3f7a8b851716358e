// The content check (decision 0075-claims-guard): every article, the seed catalogue (product copy,
// FAQs, sample reviews), the quiz's result texts, the home page's and Our Story's copy and the policies
// are free of the claims src/lib/claims.ts forbids.
// A failure names the file, the place in it and the phrase, so the writer can fix the sentence.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findClaims } from '../../lib/claims';
import { GENERIC_OUTCOME, QUIZ_OUTCOMES } from '../../lib/wellness-quiz';
import { TESTIMONIALS } from '../home/home-content';
import { EDUCATIONAL_DISCLAIMER, SCIENCE_CARDS, TIMELINE } from '../quiz/sacred-science-content';

const root = join(import.meta.dirname, '../../..');

/** "file:line — “phrase”" for each forbidden claim in a text. */
function claimsIn(where: string, text: string): string[] {
  return findClaims(text).map((m) => `${where}:${text.slice(0, m.start).split('\n').length} — “${m.phrase}”`);
}

/** Every string inside a JSON value, with its path (products[3].faqs[0].answer). */
function* stringsOf(value: unknown, path: string): Generator<[string, string]> {
  if (typeof value === 'string') yield [path, value];
  else if (Array.isArray(value)) for (const [i, item] of value.entries()) yield* stringsOf(item, `${path}[${i}]`);
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) yield* stringsOf(item, `${path}.${key}`);
}

const filesIn = (dir: string, ext: RegExp) =>
  readdirSync(join(root, dir))
    .filter((name) => ext.test(name))
    .map((name) => `${dir}/${name}`);

describe('published content makes no forbidden claim', () => {
  const articles = filesIn('content/blog', /\.mdx?$/);

  it('finds the articles and the catalogue it checks', () => {
    expect(articles.length).toBeGreaterThanOrEqual(11);
    expect(filesIn('content/catalog', /\.json$/)).toContain('content/catalog/products.json');
  });

  it.each(articles)('%s', (file) => {
    expect(claimsIn(file, readFileSync(join(root, file), 'utf8'))).toEqual([]);
  });

  it.each(filesIn('content/catalog', /\.json$/))('%s', (file) => {
    const found = [...stringsOf(JSON.parse(readFileSync(join(root, file), 'utf8')), '')].flatMap(([path, text]) =>
      claimsIn(`${file} ${path}`, text),
    );
    expect(found).toEqual([]);
  });

  it('the quiz results, the science page and the home testimonials', () => {
    const texts = { QUIZ_OUTCOMES, GENERIC_OUTCOME, SCIENCE_CARDS, TIMELINE, EDUCATIONAL_DISCLAIMER, TESTIMONIALS };
    expect([...stringsOf(texts, 'content')].flatMap(([path, text]) => claimsIn(path, text))).toEqual([]);
  });

  // Read as text: every string the home page and Our Story show, and the policy pages.
  it.each([
    'src/features/home/home-content.ts',
    'src/features/story/OurStory.astro',
    ...filesIn('content/policies', /\.mdx?$/),
  ])('%s', (file) => {
    expect(claimsIn(file, readFileSync(join(root, file), 'utf8'))).toEqual([]);
  });

  it('would name the file and phrase of a forbidden claim', () => {
    expect(claimsIn('content/blog/x.md', 'Title\n\nShilajit cures diabetes.')).toEqual([
      'content/blog/x.md:3 — “cures diabetes”',
    ]);
  });
});
