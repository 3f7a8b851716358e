import { describe, expect, it } from 'vitest';
import { DOSHA_QUESTIONS, dominantDoshas, doshaResultMessage, tally, type Dosha } from './dosha';

const pick = (questionIndex: number, dosha: Dosha) => {
  const question = DOSHA_QUESTIONS[questionIndex]!;
  return { [question.id]: question.options.find((o) => o.dosha === dosha)!.text };
};

describe('dosha quiz questions', () => {
  it('has at least 8 questions of 3 options, one per dosha, covering energy, stress and build', () => {
    expect(DOSHA_QUESTIONS.length).toBeGreaterThanOrEqual(8);
    for (const q of DOSHA_QUESTIONS) expect(q.options.map((o) => o.dosha)).toEqual(['Vata', 'Pitta', 'Kapha']);
    expect(DOSHA_QUESTIONS.map((q) => q.id)).toEqual(expect.arrayContaining(['energy', 'stress', 'build']));
    expect(new Set(DOSHA_QUESTIONS.map((q) => q.id)).size).toBe(DOSHA_QUESTIONS.length);
  });
});

describe('tally', () => {
  it('adds one point per answer to the chosen option’s dosha', () => {
    expect(tally({ ...pick(0, 'Vata'), ...pick(1, 'Vata'), ...pick(2, 'Kapha') })).toEqual({
      Vata: 2,
      Pitta: 0,
      Kapha: 1,
    });
  });

  it('ignores unanswered questions, placeholders and unknown texts', () => {
    expect(tally({})).toEqual({ Vata: 0, Pitta: 0, Kapha: 0 });
    expect(tally({ energy: '', stress: 'Something else', nope: 'Lightly; I wake up easily' })).toEqual({
      Vata: 0,
      Pitta: 0,
      Kapha: 0,
    });
  });
});

describe('result message', () => {
  it('names the single dominant dosha', () => {
    expect(doshaResultMessage({ ...pick(0, 'Pitta'), ...pick(1, 'Pitta'), ...pick(2, 'Vata') })).toBe(
      'Your dominant dosha(s): Pitta',
    );
  });

  it('lists every tied dosha, joined by commas', () => {
    expect(doshaResultMessage({ ...pick(0, 'Vata'), ...pick(1, 'Kapha') })).toBe('Your dominant dosha(s): Vata, Kapha');
    expect(dominantDoshas({ Vata: 2, Pitta: 2, Kapha: 2 })).toEqual(['Vata', 'Pitta', 'Kapha']);
  });

  it('asks for answers when nothing scored', () => {
    expect(doshaResultMessage({})).toBe('Answer the questions to see your result.');
    expect(dominantDoshas({ Vata: 0, Pitta: 0, Kapha: 0 })).toEqual([]);
  });
});
