// Links and contact details shown in the header, mobile menu and footer (spec §2 Layout).
import { WELLNESS_CATEGORIES } from '../../lib/wellness';

export interface SiteLink {
  label: string;
  href: string;
}

export const NAV_LINKS = {
  sacredScience: { label: 'Sacred Science', href: '/sacred-science' },
  shopAll: { label: 'Shop All', href: '/shop-all' },
  shopByWellness: { label: 'Shop by Wellness Goal', href: '/shop-by-wellness' },
  consultation: { label: 'Free Consultation', href: '/appointment' },
  blog: { label: 'Blog', href: '/blog' },
  ourStory: { label: 'Our Story', href: '/our-story' },
} satisfies Record<string, SiteLink>;

/** Saved products: the account's once signed in, the browser's for guests (features/wishlist). */
export const WISHLIST_LINK: SiteLink = { label: 'Wishlist', href: '/wishlist' };

export const LOGIN_LINK: SiteLink = { label: 'Login', href: '/sign-in' };

/** The query names the goal for the server; the hash scrolls to its section. */
export const wellnessGoalHref = (key: string) => `/shop-by-wellness?goal=${key}#${key}`;

/** Links to the goals the shop shows (staff configure them at /admin/wellness; see LiveWellnessGoals.astro). */
export const wellnessGoalLinks = (goals: readonly { key: string; name: string }[]): SiteLink[] =>
  goals.map((goal) => ({ label: goal.name, href: wellnessGoalHref(goal.key) }));

/** The built-in goals: what a pre-rendered page shows until (or if not) its server island brings the configured ones. */
export const WELLNESS_GOAL_LINKS: SiteLink[] = wellnessGoalLinks(WELLNESS_CATEGORIES);

export const WELLNESS_MENU_CARDS = [
  { title: 'Take Our Free Wellness Quiz', text: 'Ten quick questions to find the herbs that suit you.', href: '/quiz' },
  { title: 'Book a FREE Nutritionist Call', text: 'Talk one-to-one with a wellness expert.', href: '/appointment' },
  { title: 'The Sacred Science', text: 'The research and tradition behind our formulas.', href: '/sacred-science' },
] as const;

export const SOCIAL_LINKS = [
  { network: 'instagram', label: 'Instagram', href: 'https://www.instagram.com/vedara.ayurveda' },
  { network: 'facebook', label: 'Facebook', href: 'https://www.facebook.com/vedara.ayurveda' },
  { network: 'youtube', label: 'YouTube', href: 'https://www.youtube.com/@vedara.ayurveda' },
  { network: 'x', label: 'X', href: 'https://x.com/vedara_ayurveda' },
] as const;

export type SocialNetwork = (typeof SOCIAL_LINKS)[number]['network'] | 'whatsapp';

export const WHATSAPP_CHAT_URL = 'https://wa.me/919876543210';

export const POLICY_LINKS: SiteLink[] = [
  { label: 'Refunds & Cancellation', href: '/refunds' },
  { label: 'Terms & Conditions', href: '/termsconditions' },
  { label: 'Orders & Shipping', href: '/OrderShipping' },
  { label: 'Privacy Policy', href: '/Privacy' },
  { label: 'Track Order', href: '/track' },
  { label: 'Grievances', href: '/grievances' },
];

/** Customer care's hours; its phone, email and the registered address come from configuration (store-identity.server.ts). */
export const CONTACT = {
  hours: 'Mon–Sat 10 am–6 pm IST',
} as const;

/** Footer bestsellers; the names are used only if the catalogue cannot be read. */
export const BESTSELLERS: (SiteLink & { id: number })[] = [
  { id: 1, label: 'Himalayan Shilajit Resin', href: '/product/1' },
  { id: 2, label: 'Ashwagandha', href: '/product/2' },
  { id: 3, label: 'Curcumin', href: '/product/3' },
  { id: 4, label: 'Deep Sleep Melatonin', href: '/product/4' },
];

export const DISCLAIMER =
  'These statements are for educational purposes only. Our products are not intended to diagnose, treat, cure or prevent any disease.';
