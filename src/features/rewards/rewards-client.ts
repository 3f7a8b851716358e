// What the Rewards panel knows about the visitor (GET /api/rewards) and the links it builds from it.
import { REWARDS } from '../../lib/rewards';
import { shareLinks } from '../blog/blog';

export interface MemberRewards {
  signedIn: true;
  name: string;
  balance: number;
  rupeeValue: number;
  referralCode: string;
  referralLink: string;
  coupons: { code: string; percentOff: number; reason: string }[];
}

export type RewardsResponse = { signedIn: false } | MemberRewards;

export async function fetchRewards(signal?: AbortSignal): Promise<RewardsResponse> {
  const response = await fetch('/api/rewards', { credentials: 'same-origin', signal });
  if (!response.ok) throw new Error(`GET /api/rewards answered ${response.status}`);
  return response.json() as Promise<RewardsResponse>;
}

/** Facebook, X and WhatsApp share addresses for the customer's referral link. */
export function referralShareLinks({
  referralCode,
  referralLink,
}: Pick<MemberRewards, 'referralCode' | 'referralLink'>) {
  const message = `Join me at Vedara Ayurveda and get ${REWARDS.referralPercentOff}% off your first order with my referral code ${referralCode}`;
  return shareLinks(referralLink, message);
}

const COUPON_REASONS: Record<string, string> = {
  referral_welcome: 'Welcome gift for joining with a friend’s code',
  referral_thanks: 'Thank you for referring a friend',
};

/** A shopper-facing line for a coupon's stored reason; unknown reasons get a generic one. */
export function couponReasonLabel(reason: string): string {
  return COUPON_REASONS[reason] ?? 'Reward coupon';
}

/** The open panel's element id (the Rewards button's aria-controls). */
export const PANEL_ID = 'rewards-panel';
