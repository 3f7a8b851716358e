// Wellness category configuration (spec §3): hash key ↔ api code, copy and imagery.
export const WELLNESS_CATEGORIES = [
  {
    key: 'energy',
    code: 'ENERGY_VITALITY',
    name: 'Energy & Vitality',
    badge: 'Stamina',
    description: 'Time-honoured rasayanas such as shilajit and ashwagandha that support steady, everyday energy.',
    headline: 'Rise with steady, natural energy',
    image: '/banners/wellness-energy.svg',
  },
  {
    key: 'gut',
    code: 'GUT_DIGESTIVE_HARMONY',
    name: 'Gut & Digestive Harmony',
    badge: 'Agni',
    description: 'Triphala and classic digestive herbs that support comfortable digestion and regularity.',
    headline: 'Kindle your agni, gently',
    image: '/banners/wellness-gut.svg',
  },
  {
    key: 'metabolic',
    code: 'METABOLIC_WELLNESS',
    name: 'Metabolic Wellness',
    badge: 'Balance',
    description: 'Gymnema, jamun and fenugreek, traditionally used to support healthy metabolism and balanced glucose.',
    headline: 'Support balance, meal after meal',
    image: '/banners/wellness-metabolic.svg',
  },
  {
    key: 'immunity',
    code: 'IMMUNITY_INFLAMMATION',
    name: 'Immunity & Inflammation',
    badge: 'Defence',
    description: 'Turmeric, giloy and amla that support the body’s natural defences through the seasons.',
    headline: 'Everyday resilience, rooted in tradition',
    image: '/banners/wellness-immunity.svg',
  },
  {
    key: 'mind',
    code: 'MIND_MOOD',
    name: 'Mind & Mood',
    badge: 'Calm',
    description: 'Adaptogens and calming herbs that support a settled mind, focus and restful sleep.',
    headline: 'A calmer mind, a deeper rest',
    image: '/banners/wellness-mind.svg',
  },
  {
    key: 'sleep',
    code: 'SLEEP_REST',
    name: 'Restful Sleep',
    badge: 'Rest',
    description:
      'Melatonin with brahmi and jatamansi, and ashwagandha, traditionally taken to help the mind settle for a restful night.',
    headline: 'Wind down, sleep deep',
    image: '/banners/wellness-sleep.svg',
  },
] as const;

export type WellnessKey = (typeof WELLNESS_CATEGORIES)[number]['key'];
/** A goal as the storefront shows it; the built-in list above is the default, staff edit theirs at /admin/wellness. */
export interface WellnessCategory {
  key: WellnessKey;
  code: string;
  name: string;
  badge: string;
  description: string;
  headline: string;
  image: string;
}
export const DEFAULT_WELLNESS_KEY = 'energy';

/** '#gut' or 'gut' → its category; empty or unknown hashes → energy. */
export function wellnessFromHash(hash: string | null | undefined): WellnessCategory {
  const key = (hash ?? '').replace(/^#/, '').trim().toLowerCase();
  return WELLNESS_CATEGORIES.find((c) => c.key === key) ?? WELLNESS_CATEGORIES[0];
}
