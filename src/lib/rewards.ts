// Rewards and referrals (spec §9): points earned and redeemed, and the referral code format.
export const REWARDS = {
  signupPoints: 10_000,
  pointsPerRupeeSpent: 5,
  instagramFollowPoints: 10_000,
  /** 50 points are worth ₹1 at checkout. */
  pointsPerRupeeRedeemed: 50,
  referralPercentOff: 20,
  /** The most points one hand grant may give (the Instagram follow is the largest planned grant). */
  maxPointsPerGrant: 10_000,
} as const;

/** Points an order earns: 5 per whole rupee paid. */
export function pointsForOrder(totalRupees: number): number {
  return Math.max(0, Math.floor(totalRupees)) * REWARDS.pointsPerRupeeSpent;
}

/** The rupee value of a points balance (whole rupees). */
export function rupeesForPoints(points: number): number {
  return Math.floor(Math.max(0, points) / REWARDS.pointsPerRupeeRedeemed);
}

/**
 * How many points can pay towards an amount: no more than asked, held, or the amount itself, in whole
 * rupees (multiples of 50 points).
 */
export function redeemablePoints(balance: number, requested: number, payableRupees: number): number {
  const cap = Math.min(
    Math.max(0, balance),
    Math.max(0, Math.floor(requested)),
    Math.max(0, payableRupees) * REWARDS.pointsPerRupeeRedeemed,
  );
  return cap - (cap % REWARDS.pointsPerRupeeRedeemed);
}

const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A referral code people can read aloud: up to 6 letters of the first name and 4 random characters. */
export function referralCodeFor(name: string, random: () => number = Math.random): string {
  const first = name.trim().split(/\s+/)[0] ?? '';
  const prefix =
    first
      .normalize('NFKD')
      .replace(/[^A-Za-z]/g, '')
      .toUpperCase()
      .slice(0, 6) || 'VEDARA';
  let suffix = '';
  for (let i = 0; i < 4; i++) suffix += CODE_ALPHABET[Math.floor(random() * CODE_ALPHABET.length)];
  return `${prefix}-${suffix}`;
}

export function normaliseReferralCode(code: string): string {
  return code.trim().toUpperCase().replace(/\s+/g, '');
}
