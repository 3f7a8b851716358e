import { describe, expect, it } from 'vitest';
import { slugify } from './slug';

describe('slugify', () => {
  it('lowercases, turns spaces into hyphens and drops punctuation', () => {
    expect(slugify('Melatonin: Natural Sleep Support')).toBe('melatonin-natural-sleep-support');
    expect(slugify('Shilajit: The Complete Guide')).toBe('shilajit-the-complete-guide');
  });

  it('never leaves double or dangling hyphens when a word-sized symbol is dropped', () => {
    expect(slugify('Gut-Brain Connection: Digestion, Mood & Energy')).toBe(
      'gut-brain-connection-digestion-mood-energy',
    );
    expect(slugify('  Morning Rituals & Ayurveda!  ')).toBe('morning-rituals-ayurveda');
  });

  it('drops characters outside a-z and 0-9, including underscores and accents', () => {
    expect(slugify('Top_5 Tips — Ayurvedā')).toBe('top5-tips-ayurved');
  });

  it('is stable on an existing slug', () => {
    expect(slugify('ashwagandha-stress-relief')).toBe('ashwagandha-stress-relief');
  });
});
