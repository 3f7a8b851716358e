// Pure helpers for the product page, shared by the route, its server module and its islands.
import { type NetQuantityUnit, unitCode, type UnitSalePrice } from '../../lib/unit-price';

/** The plan picker's form: the sticky bar's button submits it too. */
export const ADD_TO_CART_FORM_ID = 'add-to-cart';

/** Old links (/products/shilajit) that name a product by something other than its slug. */
export const PRODUCT_SLUG_ALIASES: Readonly<Record<string, string>> = { shilajit: 'shilajit-resin' };

export type ProductParam = { id: number } | { slug: string };

const MAX_ID = 2_147_483_647; // PostgreSQL integer

/** '4' → { id: 4 }; 'Melatonin' → { slug: 'melatonin' } (aliases applied); anything else → null. */
export function parseProductParam(param: string | undefined): ProductParam | null {
  const value = (param ?? '').trim();
  if (/^\d+$/.test(value)) {
    const id = value.length <= 10 ? Number(value) : 0;
    return id >= 1 && id <= MAX_ID ? { id } : null;
  }
  if (/^[a-z0-9]+(?:-[a-z0-9]+)*$/i.test(value)) {
    const slug = value.toLowerCase();
    return { slug: PRODUCT_SLUG_ALIASES[slug] ?? slug };
  }
  return null;
}

/** '#faq2' → 1 (0-based); other hashes → null. */
export function faqIndexFromHash(hash: string | null | undefined): number | null {
  const match = /^#?faq(\d{1,4})$/i.exec((hash ?? '').trim());
  if (!match) return null;
  const n = Number(match[1]);
  return n >= 1 ? n - 1 : null;
}

/** Element id of the FAQ at a 0-based index ('faq1' is the first), the target of #faqN links. */
export const faqAnchorId = (index: number) => `faq${index + 1}`;

/** The strip's next scroll position: one step on, back to the start once the end is reached. */
export function nextScrollLeft(current: number, step: number, maxScroll: number): number {
  if (maxScroll <= 0) return 0;
  return current + step >= maxScroll ? 0 : current + step;
}

export interface RatingSummary {
  average: number;
  count: number;
}

/** Average star rating to one decimal, or null without reviews. */
export function ratingSummary(reviews: { rating: number }[]): RatingSummary | null {
  if (reviews.length === 0) return null;
  const total = reviews.reduce((sum, r) => sum + r.rating, 0);
  return { average: Math.round((total / reviews.length) * 10) / 10, count: reviews.length };
}

export const MISSING_INFORMATION = 'Information not available.';

export interface AccordionSection {
  heading: string;
  text?: string | null;
  list?: string[];
}

/** The product accordion's sections in page order; empty fields become MISSING_INFORMATION at render. */
export function productAccordionSections(product: {
  whyYoullLoveIt: string[];
  yourDailyDoseOfStrength: string | null;
  resultsYouCanSeeAndFeel: string | null;
  howToTake: string | null;
  ingredients: string | null;
}): AccordionSection[] {
  return [
    { heading: "Why You'll Love It", list: product.whyYoullLoveIt.filter((line) => line.trim() !== '') },
    { heading: 'Your Daily Dose of Strength', text: product.yourDailyDoseOfStrength },
    { heading: 'Results You Can See and Feel', text: product.resultsYouCanSeeAndFeel },
    { heading: 'How to Take', text: product.howToTake },
    { heading: 'Ingredients', text: product.ingredients },
  ];
}

/** What the page declares (docs/decisions/0077-product-declarations.md), as schema.org states it. */
export interface JsonLdDeclarations {
  commonName: string | null;
  countryOfOrigin: string | null;
  manufacturer: { name: string; address: string } | null;
  netQuantity: { value: number; unit: NetQuantityUnit } | null;
  unitPrices: UnitSalePrice[];
}

function declarationsJsonLd(d: JsonLdDeclarations) {
  const quantity = (value: number, unit: NetQuantityUnit) => ({
    '@type': 'QuantitativeValue',
    value,
    unitCode: unitCode(unit),
  });
  return {
    ...(d.commonName && { alternateName: d.commonName }),
    ...(d.countryOfOrigin && { countryOfOrigin: { '@type': 'Country', name: d.countryOfOrigin } }),
    ...(d.manufacturer && {
      manufacturer: { '@type': 'Organization', name: d.manufacturer.name, address: d.manufacturer.address },
    }),
    // A mass is the pack's weight; a volume or a count is its size.
    ...(d.netQuantity && {
      [d.netQuantity.unit === 'g' ? 'weight' : 'size']: quantity(d.netQuantity.value, d.netQuantity.unit),
    }),
  };
}

/** schema.org Product for search engines; prices in INR as plain numbers. */
export function productJsonLd(input: {
  name: string;
  slug: string;
  description: string;
  imageUrl: string;
  url: string;
  price: number;
  rating: RatingSummary | null;
  inStock: boolean;
  declarations?: JsonLdDeclarations;
  /** Approved reviews of verified buyers shown on the page (never the seed's sample reviews). */
  reviews?: { author: string; rating: number; title: string; body: string; createdAt: Date }[];
}): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: input.name,
    image: [input.imageUrl],
    description: input.description,
    sku: input.slug,
    brand: { '@type': 'Brand', name: 'Vedara' },
    ...(input.declarations && declarationsJsonLd(input.declarations)),
    offers: {
      '@type': 'Offer',
      price: input.price.toFixed(2),
      priceCurrency: 'INR',
      availability: input.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      url: input.url,
      ...(input.declarations?.netQuantity &&
        input.declarations.unitPrices.length > 0 && {
          // The unit sale price of each pack choice: ₹ per one g, ml or piece, for the quantity that choice sells.
          priceSpecification: input.declarations.unitPrices.map((choice) => ({
            '@type': 'UnitPriceSpecification',
            name: choice.label,
            price: (choice.paisePerUnit / 100).toFixed(2),
            priceCurrency: 'INR',
            referenceQuantity: {
              '@type': 'QuantitativeValue',
              value: 1,
              unitCode: unitCode(input.declarations!.netQuantity!.unit),
            },
            eligibleQuantity: {
              '@type': 'QuantitativeValue',
              value: choice.units,
              unitCode: unitCode(input.declarations!.netQuantity!.unit),
            },
          })),
        }),
    },
    ...(input.rating && {
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: input.rating.average,
        reviewCount: input.rating.count,
        bestRating: 5,
        worstRating: 1,
      },
    }),
    ...(input.rating &&
      input.reviews?.length && {
        review: input.reviews.map((review) => ({
          '@type': 'Review',
          author: { '@type': 'Person', name: review.author },
          datePublished: review.createdAt.toISOString().slice(0, 10),
          reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
          ...(review.title && { name: review.title }),
          reviewBody: review.body,
        })),
      }),
  };
}

/** 'lab-tested' → 'Lab tested'. */
export function tagLabel(tag: string): string {
  const words = tag.trim().replace(/[-_]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const isBestseller = (tag: string) => tag.trim().toLowerCase() === 'bestseller';

/** Meta description: the first sentence-ish 160 characters, cut at a word. */
export function metaDescription(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  return `${clean.slice(0, clean.lastIndexOf(' ', max - 1)).replace(/[,.;:]$/, '')}…`;
}
