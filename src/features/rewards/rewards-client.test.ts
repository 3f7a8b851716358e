import { describe, expect, it } from 'vitest';
import { couponReasonLabel, referralShareLinks } from './rewards-client';

describe('referral share links', () => {
  it('share the encoded referral link and name the code', () => {
    const referralLink = 'https://vedara.example/sign-up?ref=ASHA-2222';
    const links = referralShareLinks({ referralCode: 'ASHA-2222', referralLink });
    expect(links.map((l) => l.network)).toEqual(['Facebook', 'X (Twitter)', 'WhatsApp']);
    for (const { href } of links) {
      expect(href).toContain(encodeURIComponent(referralLink));
      expect(new URL(href).protocol).toBe('https:');
    }
    expect(decodeURIComponent(links[2].href)).toContain('20% off your first order with my referral code ASHA-2222');
  });
});

describe('coupon reasons', () => {
  it('explains referral coupons and falls back for others', () => {
    expect(couponReasonLabel('referral_welcome')).toMatch(/friend’s code/);
    expect(couponReasonLabel('referral_thanks')).toMatch(/referring a friend/);
    expect(couponReasonLabel('staff_goodwill')).toBe('Reward coupon');
  });
});
