import { describe, expect, it } from 'vitest';
import { quizRecommendations } from './quiz-products.server';

describe('quizRecommendations (real database)', () => {
  it('returns the category’s products from the live catalogue with their prices', async () => {
    const energy = await quizRecommendations('energy');
    expect(energy.map((p) => p.slug)).toEqual(['shilajit-resin', 'shilajit-gold-capsules']);
    expect(energy[0]).toMatchObject({
      id: 1,
      price: expect.any(Number),
      discountPrice: expect.any(Number),
      rating: null,
    }); // a fresh store has no verified reviews yet (docs/decisions: verified reviews)
    expect((await quizRecommendations('sleep')).map((p) => p.slug)).toEqual(['melatonin']);
  });

  it('falls back to the generic picks for an unknown category', async () => {
    expect((await quizRecommendations('nonsense')).map((p) => p.slug)).toEqual(['ashwagandha', 'curcumin']);
  });
});
