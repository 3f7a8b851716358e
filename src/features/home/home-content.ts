// Copy for the home page (spec §2 'Home'). Kept apart from markup so sections stay thin.
import { formatRupees } from '../../lib/money';
import { FREE_SHIPPING_FROM } from '../pricing/quote';

export const HERO_INTERVAL_MS = 5000;

export interface HeroSlide {
  image: string;
  title: string;
  description: string;
  buttonText: string;
  buttonLink: string;
}

export const HERO_SLIDES: HeroSlide[] = [
  {
    image: '/banners/home-1.svg',
    title: 'Ancient rituals for modern days',
    description: 'Classical Ayurvedic formulations, made in small batches and delivered across India.',
    buttonText: 'Explore Our Rituals',
    buttonLink: '/shop-all',
  },
  {
    image: '/banners/home-2.svg',
    title: 'Purity you can trace',
    description: 'Herbs sourced from named farms, every batch tested for purity before it reaches you.',
    buttonText: 'Our Commitment',
    buttonLink: '/sacred-science',
  },
  {
    image: '/banners/home-3.svg',
    title: 'Not sure where to begin?',
    description: 'Answer ten quick questions and get a ritual matched to how you feel today.',
    buttonText: 'Take Our Wellness Quiz',
    buttonLink: '/quiz',
  },
  {
    image: '/banners/home-4.svg',
    title: 'Guidance from real experts',
    description: 'Talk one-to-one with a nutritionist about food, routine and the right herbs for you.',
    buttonText: 'Book a FREE Nutritionist Call',
    buttonLink: '/appointment',
  },
];

/** "Lab tested" and "GMP certified" join these only with their laboratory and certificate (BenefitsMarquee). */
export const BENEFITS = [
  '100% Ayurvedic',
  'No added sugar',
  // The quote's rule, not the spec's unconditional 'free shipping across India' (decision 0097).
  `Free shipping across India from ${formatRupees(FREE_SHIPPING_FROM)}`,
  'Cash on delivery',
  'No fillers or binders',
  'Vegetarian & cruelty-free',
];

export interface DifferencePoint {
  title: string;
  text: string;
  icon: 'leaf' | 'flask' | 'scroll' | 'drop';
}

export const DIFFERENCE_POINTS: DifferencePoint[] = [
  {
    icon: 'leaf',
    title: 'Sourced at the root',
    text: 'We buy herbs from farms and collectors we know by name, harvested in season at their natural peak.',
  },
  {
    icon: 'flask',
    title: 'Tested, batch by batch',
    text: 'Independent labs check every batch for heavy metals, microbes and active-compound strength.',
  },
  {
    icon: 'scroll',
    title: 'Classical formulations',
    text: 'Recipes follow the classical Ayurvedic texts, prepared the traditional way, not reinvented for trends.',
  },
  {
    icon: 'drop',
    title: 'Nothing to hide',
    text: 'No fillers, artificial colours or added sugar: just the herbs on the label, in the amounts we state.',
  },
];

export interface Testimonial {
  name: string;
  city: string;
  rating: number;
  text: string;
  date: string;
}

/**
 * Static sample reviews (spec §7: five items), about experience, never about curing anything. Shown,
 * labelled as samples, only until verified buyers' reviews are published (decision 0075-claims-guard).
 */
export const TESTIMONIALS: Testimonial[] = [
  {
    name: 'Priya Menon',
    city: 'Kochi',
    rating: 5,
    date: '2025-06-14',
    text: 'The shilajit resin is the real thing: it dissolves fully in warm water. It is now part of my morning routine and I love how simple the ritual is.',
  },
  {
    name: 'Arjun Mehta',
    city: 'Pune',
    rating: 5,
    date: '2025-05-02',
    text: 'Ordered on a Monday, it arrived in Pune by Friday with cash on delivery. The triphala tastes exactly like the one my grandmother made.',
  },
  {
    name: 'Sneha Iyer',
    city: 'Bengaluru',
    rating: 4,
    date: '2025-04-21',
    text: 'I took the wellness quiz and then booked the free nutritionist call. She helped me plan an evening routine that actually fits my work hours.',
  },
  {
    name: 'Rahul Verma',
    city: 'Jaipur',
    rating: 5,
    date: '2025-03-09',
    text: 'I like that every batch comes with its lab report. Clean ingredients, no added sugar and honest labels. I have reordered three times.',
  },
  {
    name: 'Farah Khan',
    city: 'Lucknow',
    rating: 5,
    date: '2025-02-17',
    text: 'Beautiful packaging and the ashwagandha capsules are easy to take. The team answered my questions on chat within minutes.',
  },
];

export const GUIDANCE_CARDS = [
  {
    title: 'Talk to an expert',
    text: 'A one-to-one session with a qualified nutritionist to talk through your routine, food and goals. No cost, no obligation.',
    href: '/appointment',
    cta: 'Book a FREE Nutritionist Call',
  },
  {
    title: 'Know your body first',
    text: 'Ten quick questions about energy, digestion, mind, immunity and sleep, and a ritual suggested for you at the end.',
    href: '/quiz',
    cta: 'Take Our Free Wellness Quiz',
  },
];
