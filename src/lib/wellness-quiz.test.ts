import { describe, expect, it } from 'vitest';
import {
  GENERIC_OUTCOME,
  QUIZ_CATEGORIES,
  QUIZ_QUESTIONS,
  isQuizComplete,
  quizOutcome,
  quizResultCategory,
  type OptionId,
  type QuizAnswers,
} from './wellness-quiz';

/** Answers from a list of option ids, one per question in order. */
const answersOf = (ids: OptionId[]): QuizAnswers => Object.fromEntries(ids.map((id, i) => [QUIZ_QUESTIONS[i]!.id, id]));

describe('wellness quiz questions', () => {
  it('has 10 questions of 5 options a–e, every option in a known category', () => {
    expect(QUIZ_QUESTIONS).toHaveLength(10);
    for (const q of QUIZ_QUESTIONS) {
      expect(q.options.map((o) => o.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
      expect(new Set(q.options.map((o) => o.category))).toEqual(new Set(QUIZ_CATEGORIES));
    }
    expect(new Set(QUIZ_QUESTIONS.map((q) => q.id)).size).toBe(10);
  });
});

describe('quizResultCategory', () => {
  it('picks the category with the most answers', () => {
    expect(quizResultCategory(answersOf(['b', 'b', 'b', 'a', 'c', 'd', 'e', 'b', 'a', 'c']))).toBe('gut');
    expect(quizResultCategory(answersOf(['e', 'e', 'e', 'e', 'e', 'e', 'e', 'e', 'e', 'e']))).toBe('sleep');
  });

  it('gives ties to the first category in the fixed order', () => {
    expect(quizResultCategory(answersOf(['e', 'e', 'd', 'd', 'c', 'c', 'b', 'b', 'a', 'a']))).toBe('energy');
    expect(quizResultCategory(answersOf(['e', 'e', 'e', 'c', 'c', 'c', 'd', 'd', 'd', 'b']))).toBe('mind');
    expect(quizResultCategory({})).toBe('energy');
  });

  it('ignores unknown questions and option ids', () => {
    expect(quizResultCategory({ q1: 'e', zz: 'c', q2: 'x' as OptionId })).toBe('sleep');
  });
});

describe('isQuizComplete', () => {
  it('needs every question answered with a real option', () => {
    const full = answersOf(['a', 'b', 'c', 'd', 'e', 'a', 'b', 'c', 'd', 'e']);
    expect(isQuizComplete(full)).toBe(true);
    expect(isQuizComplete({ ...full, q10: undefined })).toBe(false);
    expect(isQuizComplete({ ...full, q3: 'z' as OptionId })).toBe(false);
  });
});

describe('quizOutcome', () => {
  it('maps each category to its ritual and products', () => {
    expect(quizOutcome('energy').productSlugs).toEqual(['shilajit-resin', 'shilajit-gold-capsules']);
    expect(quizOutcome('gut').productSlugs).toEqual(['gut-harmony', 'triphala']);
    expect(quizOutcome('mind').productSlugs).toEqual(['ashwagandha', 'adaptogens']);
    expect(quizOutcome('immunity').productSlugs).toEqual(['curcumin']);
    expect(quizOutcome('sleep').productSlugs).toEqual(['melatonin']);
    for (const c of QUIZ_CATEGORIES) expect(quizOutcome(c)).toMatchObject({ category: c, ritual: expect.any(String) });
  });

  it('gives the generic ritual for an unknown category', () => {
    expect(quizOutcome('metabolic')).toBe(GENERIC_OUTCOME);
    expect(quizOutcome(null)).toBe(GENERIC_OUTCOME);
    expect(quizOutcome('toString')).toBe(GENERIC_OUTCOME);
  });
});
