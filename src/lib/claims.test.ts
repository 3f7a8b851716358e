import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { claimMessage, claimPieces, findClaims } from './claims';

const phrases = (text: string) => findClaims(text).map((m) => m.phrase);

describe('findClaims', () => {
  it.each([
    ['Gluco Balance cures diabetes naturally.', ['cures diabetes']],
    ['It helps prevent the onset of diabetes.', ['prevent the onset of diabetes']],
    ['A trusted TREATMENT FOR high blood pressure', ['TREATMENT FOR high blood pressure']],
    ['The best diabetes cure in India', ['diabetes cure']],
    ['Boosts stamina in bed and virility', ['stamina in bed', 'virility']],
    ['Guaranteed results in 7 days, 100% cure!', ['Guaranteed results', '100% cure']],
    ['Pure herbs with no side effects.', ['no side effects']],
    ['Regulates periods and eases menstrual cramps', ['Regulates periods', 'menstrual cramps']],
    ['A natural contraceptive that also prevents miscarriage', ['contraceptive', 'miscarriage']],
    ['Fights cancer and obesity', ['Fights cancer']],
    ['Relieves fever\nquickly', ['Relieves fever']],
  ])('flags %j', (text, expected) => {
    expect(phrases(text)).toEqual(expected);
  });

  it.each([
    'Supports healthy blood sugar levels that are already within the normal range.',
    'Supports daily energy, stamina and recovery.',
    'Each batch is tested for potency and purity.',
    'Our products are not intended to diagnose, treat, cure or prevent any disease.',
    'Shilajit is traditionally used to support vitality; it does not cure diabetes.',
    'If you have diabetes or high blood pressure, speak to your doctor before starting.',
    'Can I take Gluco Balance with my diabetes medicine?',
    'CFU counts are guaranteed until the expiry date.',
    'The Rigveda records healing hymns and medicinal plants.',
    'With fever, breathing difficulty or persistent symptoms, see a doctor.',
    'It fits well with a busy morning; treat yourself to a calm evening.',
    'Precured resin; the diabetesfree-ish cookbook', // no word boundary: not a claim
  ])('passes %j', (text) => {
    expect(findClaims(text)).toEqual([]);
  });

  it('does not take a denial elsewhere in the text for a denial of the claim', () => {
    expect(phrases('This is not a drug. It cures diabetes.')).toEqual(['cures diabetes']);
    expect(phrases('Not only cures fever but also…')).toEqual(['cures fever']);
  });

  it('flags any text with a forbidden phrase inserted, at the place it was inserted', () => {
    const forbidden = fc.constantFrom(
      'cures diabetes',
      'No Side Effects',
      'guaranteed results',
      'treats obesity',
      'sexual potency',
      'miscarriage',
    );
    // Words and punctuation that cannot glue onto the phrase's edges.
    const filler = fc
      .array(fc.constantFrom('herbs', 'daily', 'calm', 'energy', 'with', 'the', 'and', ',', '.', '\n', '—', 'ऊर्जा'), {
        maxLength: 12,
      })
      .map((words) => words.join(' '));
    fc.assert(
      fc.property(filler, forbidden, filler, (before, phrase, after) => {
        const text = `${before} ${phrase} ${after}`;
        const start = before.length + 1;
        const hit = findClaims(text).find((m) => m.start <= start && m.end >= start + phrase.length);
        expect(hit).toBeDefined();
      }),
    );
  });

  it('gives positions that cut the text back into itself', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.constantFrom('100% cure', 'virility', 'heals cancer'),
        fc.string(),
        (a, phrase, b) => {
          const text = `${a} ${phrase} ${b}`;
          const matches = findClaims(text);
          for (const m of matches) expect(text.slice(m.start, m.end)).toBe(m.phrase);
          expect(
            claimPieces(text, matches)
              .map((p) => p.text)
              .join(''),
          ).toBe(text);
        },
      ),
    );
  });
});

describe('claimMessage', () => {
  it('names each phrase once', () => {
    expect(claimMessage(findClaims('Cures diabetes. No side effects, no side effects.'))).toMatch(
      /^Remove “Cures diabetes”, “No side effects”: /,
    );
  });
});
