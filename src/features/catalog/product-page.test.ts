import { describe, expect, it } from 'vitest';
import {
  faqAnchorId,
  faqIndexFromHash,
  isBestseller,
  metaDescription,
  nextScrollLeft,
  parseProductParam,
  productAccordionSections,
  productJsonLd,
  ratingSummary,
  tagLabel,
} from './product-page';

describe('parseProductParam', () => {
  it('reads numeric ids', () => {
    expect(parseProductParam('4')).toEqual({ id: 4 });
    expect(parseProductParam('004')).toEqual({ id: 4 });
  });
  it('reads slugs, lower-cased, with aliases', () => {
    expect(parseProductParam('Melatonin')).toEqual({ slug: 'melatonin' });
    expect(parseProductParam('gut-harmony')).toEqual({ slug: 'gut-harmony' });
    expect(parseProductParam('shilajit')).toEqual({ slug: 'shilajit-resin' });
    expect(parseProductParam('adaptogens')).toEqual({ slug: 'adaptogens' });
  });
  it('rejects anything else', () => {
    for (const bad of [undefined, '', '0', '99999999999', 'a b', '../x', 'x--y', '-x'])
      expect(parseProductParam(bad)).toBeNull();
  });
});

describe('FAQ hash', () => {
  it('maps #faqN (1-based) to a 0-based index and back', () => {
    expect(faqIndexFromHash('#faq2')).toBe(1);
    expect(faqIndexFromHash('faq1')).toBe(0);
    expect(faqAnchorId(1)).toBe('faq2');
  });
  it('ignores other hashes', () => {
    for (const hash of ['', '#', '#faq', '#faq0', '#faqs', '#reviews', null]) expect(faqIndexFromHash(hash)).toBeNull();
  });
});

describe('nextScrollLeft', () => {
  it('steps on and wraps to the start at the end', () => {
    expect(nextScrollLeft(10, 0.5, 100)).toBe(10.5);
    expect(nextScrollLeft(99.7, 0.5, 100)).toBe(0);
    expect(nextScrollLeft(5, 0.5, 0)).toBe(0);
  });
});

describe('ratingSummary', () => {
  it('averages to one decimal', () => {
    expect(ratingSummary([{ rating: 5 }, { rating: 4 }, { rating: 5 }])).toEqual({ average: 4.7, count: 3 });
    expect(ratingSummary([])).toBeNull();
  });
});

describe('productAccordionSections', () => {
  it('lists the five sections in order and drops blank list lines', () => {
    const sections = productAccordionSections({
      whyYoullLoveIt: ['Pure', ' '],
      yourDailyDoseOfStrength: null,
      resultsYouCanSeeAndFeel: 'Calm',
      howToTake: 'Daily',
      ingredients: '',
    });
    expect(sections.map((s) => s.heading)).toEqual([
      "Why You'll Love It",
      'Your Daily Dose of Strength',
      'Results You Can See and Feel',
      'How to Take',
      'Ingredients',
    ]);
    expect(sections[0].list).toEqual(['Pure']);
  });
});

describe('productJsonLd', () => {
  const base = {
    name: 'Melatonin',
    slug: 'melatonin',
    description: 'Sleep',
    imageUrl: 'https://x/i.svg',
    url: 'https://x/product/4',
    price: 599,
    inStock: true,
  };
  it('describes an in-stock INR offer with the slug as sku', () => {
    const ld = productJsonLd({ ...base, rating: { average: 4.5, count: 2 } });
    expect(ld).toMatchObject({
      '@type': 'Product',
      sku: 'melatonin',
      brand: { name: 'Vedara' },
      offers: { price: '599.00', priceCurrency: 'INR', availability: 'https://schema.org/InStock', url: base.url },
      aggregateRating: { ratingValue: 4.5, reviewCount: 2 },
    });
  });
  it('leaves out aggregateRating without reviews', () => {
    expect(productJsonLd({ ...base, rating: null })).not.toHaveProperty('aggregateRating');
  });
  it('lists the verified reviews shown, only alongside their rating', () => {
    const reviews = [
      { author: 'Asha R.', rating: 4, title: '', body: 'Helps me sleep.', createdAt: new Date('2026-11-20T10:00:00Z') },
    ];
    expect(productJsonLd({ ...base, rating: { average: 4, count: 1 }, reviews })).toMatchObject({
      review: [
        {
          '@type': 'Review',
          author: { '@type': 'Person', name: 'Asha R.' },
          datePublished: '2026-11-20',
          reviewRating: { ratingValue: 4, bestRating: 5 },
          reviewBody: 'Helps me sleep.',
        },
      ],
    });
    expect(productJsonLd({ ...base, rating: { average: 4, count: 1 }, reviews }).review).toEqual([
      expect.not.objectContaining({ name: expect.anything() }),
    ]);
    expect(productJsonLd({ ...base, rating: null, reviews })).not.toHaveProperty('review');
  });
  it('says OutOfStock when nothing is left', () => {
    expect(productJsonLd({ ...base, rating: null, inStock: false })).toMatchObject({
      offers: { availability: 'https://schema.org/OutOfStock' },
    });
  });
});

describe('labels', () => {
  it('formats tags and spots the bestseller', () => {
    expect(tagLabel('lab-tested')).toBe('Lab tested');
    expect(isBestseller('Bestseller')).toBe(true);
    expect(isBestseller('vegan')).toBe(false);
  });
  it('cuts long descriptions at a word', () => {
    expect(metaDescription('short text')).toBe('short text');
    const cut = metaDescription('word '.repeat(60));
    expect(cut.length).toBeLessThanOrEqual(161);
    expect(cut.endsWith('word…')).toBe(true);
  });
});

describe('productJsonLd declarations', () => {
  const base = {
    name: 'Shilajit',
    slug: 'shilajit-resin',
    description: 'Resin',
    imageUrl: 'https://x/i.svg',
    url: 'https://x/product/1',
    price: 999,
    inStock: true,
    rating: null,
  };
  const unitPrices = [
    { months: 1, label: '1 month', price: 999, packs: 1, units: 20, paisePerUnit: 4995 },
    { months: 2, label: '2 months', price: 1898, packs: 2, units: 40, paisePerUnit: 4745 },
  ];
  it('states origin, manufacturer, a mass as weight and each pack choice’s unit price', () => {
    const ld = productJsonLd({
      ...base,
      declarations: {
        commonName: 'Purified Shilajit resin',
        countryOfOrigin: 'India',
        manufacturer: { name: 'Vedara Ayurveda Pvt. Ltd.', address: 'Haridwar' },
        netQuantity: { value: 20, unit: 'g' },
        unitPrices,
      },
    });
    expect(ld).toMatchObject({
      countryOfOrigin: { name: 'India' },
      manufacturer: { '@type': 'Organization', name: 'Vedara Ayurveda Pvt. Ltd.' },
      weight: { value: 20, unitCode: 'GRM' },
      offers: {
        price: '999.00',
        priceSpecification: [
          {
            '@type': 'UnitPriceSpecification',
            name: '1 month',
            price: '49.95',
            referenceQuantity: { value: 1, unitCode: 'GRM' },
            eligibleQuantity: { value: 20 },
          },
          { name: '2 months', price: '47.45', eligibleQuantity: { value: 40 } },
        ],
      },
    });
  });
  it('gives a count as size and leaves out what is not declared', () => {
    const ld = productJsonLd({
      ...base,
      declarations: {
        commonName: null,
        countryOfOrigin: null,
        manufacturer: null,
        netQuantity: { value: 60, unit: 'capsules' },
        unitPrices: [],
      },
    });
    expect(ld).toMatchObject({ size: { value: 60, unitCode: 'H87' } });
    expect(ld).not.toHaveProperty('weight');
    expect(ld).not.toHaveProperty('countryOfOrigin');
    expect(ld.offers).not.toHaveProperty('priceSpecification');
  });
});
