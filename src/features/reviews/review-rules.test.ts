import { describe, expect, it } from 'vitest';
import { judgeReview, ratingFrom, REVIEW_MESSAGES, reviewerName } from './review-rules';

describe('judgeReview', () => {
  it('accepts a rating of 1–5, an optional title and a text of 20+ characters, trimmed', () => {
    expect(
      judgeReview({ rating: '4', title: '  Good  ', body: '  Dissolves fully in warm water, genuine.  ' }),
    ).toEqual({ ok: true, value: { rating: 4, title: 'Good', body: 'Dissolves fully in warm water, genuine.' } });
    expect(judgeReview({ rating: '5', body: 'Twenty characters or more here.' })).toMatchObject({
      ok: true,
      value: { title: '' },
    });
  });
  it('names each wrong field once', () => {
    for (const rating of ['0', '6', '', '4.5', 'five', undefined]) {
      expect(judgeReview({ rating, body: 'Twenty characters or more here.' })).toEqual({
        ok: false,
        errors: { rating: REVIEW_MESSAGES.rating },
      });
    }
    expect(judgeReview({ rating: '3', title: 'x'.repeat(121), body: 'short' })).toEqual({
      ok: false,
      errors: { title: REVIEW_MESSAGES.title, body: REVIEW_MESSAGES.body },
    });
  });
});

it('shows a customer by first name and initial', () => {
  expect(reviewerName('asha   rao')).toBe('asha R.');
  expect(reviewerName('Meera Devi Iyer')).toBe('Meera I.');
  expect(reviewerName('Kabir')).toBe('Kabir');
  expect(reviewerName('  ')).toBe('Vedara customer');
});

it('averages to one decimal; no reviews, no rating', () => {
  expect(ratingFrom(3, 14)).toEqual({ average: 4.7, count: 3 });
  expect(ratingFrom(0, 0)).toBeNull();
});
