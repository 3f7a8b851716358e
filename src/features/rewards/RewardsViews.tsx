// The Rewards panel's four views (spec §2 'Rewards panel', numbers from §9). Guests see how to join;
// signed-in customers see their own balance, coupons and referral code.
import { useRef, type ReactNode } from 'react';
import { formatRupees } from '../../lib/money';
import { REWARDS } from '../../lib/rewards';
import { SOCIAL_LINKS } from '../layout/site-links';
import { showToast } from '../ui/toast';
import { couponReasonLabel, referralShareLinks, type MemberRewards, type RewardsResponse } from './rewards-client';

export type View = 'home' | 'earn' | 'redeem' | 'referralDetails';
export type RewardsState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: RewardsResponse };
interface SubViewProps {
  rewards: RewardsState;
  onRetry: () => void;
  onBack: () => void;
}

const BRAND_NAME = 'Vedara Ayurveda';
const INSTAGRAM_URL = SOCIAL_LINKS.find((s) => s.network === 'instagram')!.href;
const NEW_TAB = ' (opens in a new tab)';
// `!`: the site's :focus-visible outline is unlayered CSS, which plain utilities cannot override.
export const HEADER_BUTTON = 'rounded-full text-white hover:bg-white/15 focus-visible:outline-white!';

const formatPoints = (points: number) => `${points.toLocaleString('en-IN')} points`;
// A sub-view's heading takes focus when it appears, so screen readers announce the new view.
const focusOnMount = (element: HTMLElement | null) => element?.focus();

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 20 20"
      className="h-4 w-4 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={direction === 'left' ? 'M12.5 4.5 7 10l5.5 5.5' : 'M7.5 4.5 13 10l-5.5 5.5'} />
    </svg>
  );
}

function ViewHeader({ children }: { children: ReactNode }) {
  return <div className="bg-leaf-800 px-5 pt-4 pr-16 pb-5 text-white">{children}</div>;
}

function SubViewHeader({ title, onBack }: { title: string; onBack: () => void }) {
  return (
    <ViewHeader>
      <button
        type="button"
        onClick={onBack}
        className={`-ml-2 inline-flex items-center gap-1 px-2 py-1.5 text-sm font-semibold ${HEADER_BUTTON}`}
      >
        <Chevron direction="left" />
        Back
      </button>
      <h2 ref={focusOnMount} tabIndex={-1} className="mt-1 font-serif text-xl font-bold focus-visible:outline-none!">
        {title}
      </h2>
    </ViewHeader>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-brand-100">
      <h3 className="font-serif text-lg font-bold text-leaf-800">{title}</h3>
      <div className="mt-1 space-y-2.5 text-sm text-gray-700">{children}</div>
    </div>
  );
}

function MemberLinks() {
  return (
    <div className="flex flex-wrap gap-2">
      <a href="/sign-up" className="btn-primary">
        Join now
      </a>
      <a href="/signin" className="btn-secondary">
        Sign in
      </a>
    </div>
  );
}

/** Loading and error states, then the guest or the member content. */
function ForMembers({
  rewards,
  onRetry,
  guest,
  children,
}: {
  rewards: RewardsState;
  onRetry: () => void;
  guest: ReactNode;
  children: (member: MemberRewards) => ReactNode;
}) {
  if (rewards.status === 'loading') {
    return (
      <p role="status" className="animate-pulse text-sm text-gray-700">
        Loading your rewards…
      </p>
    );
  }
  if (rewards.status === 'error') {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-700">
        <p>We couldn’t load your rewards.</p>
        <button type="button" onClick={onRetry} className="btn-secondary text-sm">
          Try again
        </button>
      </div>
    );
  }
  return rewards.data.signedIn ? children(rewards.data) : guest;
}

/** A two-column line: what it is, and what it is worth. */
function RuleRow({ label, value }: { label: ReactNode; value: string }) {
  return (
    <li className="flex items-baseline justify-between gap-4 py-3">
      <span className="text-ink">{label}</span>
      <span className="shrink-0 text-right font-semibold text-leaf-800">{value}</span>
    </li>
  );
}

export function HomeView({
  rewards,
  onRetry,
  returnFocusTo,
  onNavigate,
}: {
  rewards: RewardsState;
  onRetry: () => void;
  returnFocusTo: View | null;
  onNavigate: (view: View) => void;
}) {
  const opens = (view: View) => ({ onClick: () => onNavigate(view), autoFocus: returnFocusTo === view });
  const navRow =
    'flex w-full items-center justify-between rounded-lg px-3 py-2 text-left font-semibold text-leaf-800 ring-1 ring-brand-200 hover:bg-brand-50';
  return (
    <>
      <ViewHeader>
        <p className="text-xs font-bold tracking-widest text-brand-200 uppercase">Rewards</p>
        <h2 className="mt-1 font-serif text-xl font-bold">Welcome to {BRAND_NAME}</h2>
      </ViewHeader>
      <div className="space-y-3 p-4">
        <ForMembers
          rewards={rewards}
          onRetry={onRetry}
          guest={
            <Card title="Become a member">
              <p>
                Earn points on every order and turn them into savings. New members get{' '}
                {formatPoints(REWARDS.signupPoints)}.
              </p>
              <MemberLinks />
            </Card>
          }
        >
          {(member) => (
            <Card title={`Hi, ${member.name}`}>
              <p>
                <span className="block font-serif text-3xl font-bold text-ink">{formatPoints(member.balance)}</span>
                worth {formatRupees(member.rupeeValue)} at checkout
              </p>
            </Card>
          )}
        </ForMembers>
        <Card title="Points">
          <p>Collect points as you shop and spend them on your next order.</p>
          <button type="button" className={navRow} {...opens('earn')}>
            Ways to earn
            <Chevron direction="right" />
          </button>
          <button type="button" className={navRow} {...opens('redeem')}>
            Ways to redeem
            <Chevron direction="right" />
          </button>
        </Card>
        <Card title="Referrals">
          <p>
            Give your friends {REWARDS.referralPercentOff}% off their first order, and get {REWARDS.referralPercentOff}%
            off yourself.
          </p>
          <button type="button" className="btn-primary w-full" {...opens('referralDetails')}>
            Refer Now!
          </button>
        </Card>
        <p className="flex items-center justify-center gap-2 py-1 text-sm font-medium text-leaf-800">
          <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
            <path d="M12 2C8 6 6 9.5 6 12.5a6 6 0 0 0 5 5.9V22h2v-3.6a6 6 0 0 0 5-5.9C18 9.5 16 6 12 2z" />
          </svg>
          We plant a tree for every order
        </p>
      </div>
    </>
  );
}

export function EarnView({ rewards, onRetry, onBack }: SubViewProps) {
  return (
    <>
      <SubViewHeader title="Ways to earn" onBack={onBack} />
      <div className="space-y-4 p-4">
        <ul className="divide-y divide-brand-100 rounded-xl bg-white px-4 text-sm shadow-sm ring-1 ring-brand-100">
          <RuleRow label="Sign up" value={formatPoints(REWARDS.signupPoints)} />
          <RuleRow label="Place an order" value={`${REWARDS.pointsPerRupeeSpent} points per ₹1`} />
          <RuleRow
            label={
              <a
                href={INSTAGRAM_URL}
                target="_blank"
                rel="noopener noreferrer"
                className="underline underline-offset-2 hover:text-leaf-700"
              >
                Follow us on Instagram<span className="sr-only">{NEW_TAB}</span>
              </a>
            }
            value={formatPoints(REWARDS.instagramFollowPoints)}
          />
        </ul>
        <ForMembers
          rewards={rewards}
          onRetry={onRetry}
          guest={
            <>
              <p className="text-sm text-gray-700">Join now to start earning.</p>
              <MemberLinks />
            </>
          }
        >
          {(member) => (
            <p className="text-sm text-gray-700">
              You have <strong className="text-ink">{formatPoints(member.balance)}</strong>.
            </p>
          )}
        </ForMembers>
      </div>
    </>
  );
}

export function RedeemView({ rewards, onRetry, onBack }: SubViewProps) {
  return (
    <>
      <SubViewHeader title="Ways to redeem" onBack={onBack} />
      <div className="space-y-4 p-4">
        <ul className="divide-y divide-brand-100 rounded-xl bg-white px-4 text-sm shadow-sm ring-1 ring-brand-100">
          <RuleRow label="Pay with points at checkout" value={`${REWARDS.pointsPerRupeeRedeemed} points = ₹1`} />
        </ul>
        <ForMembers
          rewards={rewards}
          onRetry={onRetry}
          guest={
            <>
              <p className="text-sm text-gray-700">Join now to collect points you can spend.</p>
              <MemberLinks />
            </>
          }
        >
          {(member) => (
            <>
              <p className="text-sm text-gray-700">
                Your <strong className="text-ink">{formatPoints(member.balance)}</strong> are worth{' '}
                <strong className="text-ink">{formatRupees(member.rupeeValue)}</strong>.
              </p>
              {member.coupons.length > 0 && (
                <Card title="Your coupons">
                  <ul className="divide-y divide-brand-100">
                    {member.coupons.map((coupon) => (
                      <li key={coupon.code} className="py-2">
                        <p className="flex justify-between gap-3">
                          <span className="font-mono font-semibold text-ink">{coupon.code}</span>
                          <span className="font-semibold text-leaf-800">{coupon.percentOff}% off</span>
                        </p>
                        <p>{couponReasonLabel(coupon.reason)}</p>
                      </li>
                    ))}
                  </ul>
                </Card>
              )}
            </>
          )}
        </ForMembers>
      </div>
    </>
  );
}

function ReferralShare({ member }: { member: MemberRewards }) {
  const codeRef = useRef<HTMLInputElement>(null);
  async function copyCode() {
    try {
      await navigator.clipboard.writeText(member.referralCode);
      showToast({ message: 'Referral code copied!', variant: 'success' });
    } catch {
      // No clipboard (plain http, permission refused): select the code so it is ready to copy by hand.
      showToast({ message: 'Failed to copy. Please copy manually.', variant: 'error' });
      codeRef.current?.select();
    }
  }
  return (
    <>
      <div>
        <label htmlFor="rewards-referral-code" className="mb-1 block text-sm font-semibold text-ink">
          Your referral code
        </label>
        <div className="flex gap-2">
          <input
            ref={codeRef}
            id="rewards-referral-code"
            readOnly
            value={member.referralCode}
            onFocus={(e) => e.currentTarget.select()}
            className="min-w-0 flex-1 rounded-full border border-brand-200 bg-white px-4 py-2 font-mono font-semibold tracking-wider text-ink"
          />
          <button type="button" onClick={copyCode} className="btn-primary">
            Copy code
          </button>
        </div>
      </div>
      <div>
        <h3 id="rewards-share-heading" className="mb-2 text-sm font-semibold text-ink">
          Share your link
        </h3>
        <ul aria-labelledby="rewards-share-heading" className="grid grid-cols-3 gap-2">
          {referralShareLinks(member).map(({ network, href }) => (
            <li key={network}>
              <a
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex w-full justify-center rounded-full border border-leaf-700 px-2 py-1.5 text-sm font-semibold whitespace-nowrap text-leaf-800 hover:bg-leaf-700 hover:text-white"
              >
                <span className="sr-only">Share on </span>
                {network}
                <span className="sr-only">{NEW_TAB}</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}

export function ReferralView({ rewards, onRetry, onBack }: SubViewProps) {
  return (
    <>
      <SubViewHeader title="Refer a friend" onBack={onBack} />
      <div className="space-y-4 p-4 text-sm text-gray-700">
        <p>
          Your friend gets {REWARDS.referralPercentOff}% off when they sign up with your code, and you get a{' '}
          {REWARDS.referralPercentOff}% off coupon when their first order is delivered.
        </p>
        <ForMembers
          rewards={rewards}
          onRetry={onRetry}
          guest={
            <>
              <p>Your personal referral code appears here once you sign in.</p>
              <MemberLinks />
            </>
          }
        >
          {(member) => <ReferralShare member={member} />}
        </ForMembers>
      </div>
    </>
  );
}
