// GET /api/rewards: what the Rewards panel shows the signed-in customer (balance, own code, coupons).
import type { APIRoute } from 'astro';
import { siteHref } from '../../server/http/site-origin.server';
import { getSessionUser } from '../../features/auth/session.server';
import { rewardsSummary } from '../../features/rewards/rewards.server';

export const prerender = false;

export const GET: APIRoute = async ({ request }) => {
  const headers = { 'cache-control': 'private, no-store' };
  const user = await getSessionUser(request.headers);
  if (!user) return Response.json({ signedIn: false }, { headers });
  const summary = await rewardsSummary(user);
  return Response.json(
    {
      signedIn: true,
      name: user.name,
      balance: summary.balance,
      rupeeValue: summary.rupeeValue,
      referralCode: summary.referralCode,
      referralLink: siteHref(`/sign-up?ref=${encodeURIComponent(summary.referralCode)}`),
      coupons: summary.coupons,
    },
    { headers },
  );
};
