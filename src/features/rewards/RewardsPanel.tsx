// Rewards panel (spec §2 'Rewards panel', §4): a floating 'Rewards' button opening a modal panel with
// the views home, earn, redeem and referralDetails. The visitor's rewards are fetched on first open.
// Built on the cart drawer's modal hook rather than a native <dialog>: showModal() would put the
// panel in the top layer, above the toasts its copy button raises, and make them inert (unannounced).
// Until the island runs (and without JavaScript) it is a link to the rewards on the dashboard (sign-in
// first for guests), never a button that does nothing; client:interaction replays a tap on it.
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { fetchRewards, PANEL_ID } from './rewards-client';
import type { RewardsState } from './RewardsViews';

const RewardsDialog = lazy(() => import('./RewardsDialog'));

function GiftIcon() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      className="h-5 w-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <rect x="3" y="8" width="18" height="4" rx="1" />
      <path d="M12 8v13M19 12v7a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2v-7" />
      <path d="M7.5 8a2.5 2.5 0 0 1 0-5C10 3 12 8 12 8s2-5 4.5-5a2.5 2.5 0 0 1 0 5" />
    </svg>
  );
}

/** Where the Rewards link leads before the panel can open. */
export const REWARDS_PAGE = '/dashboard#rewards-heading';

export default function RewardsPanel() {
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const [open, setOpen] = useState(false);
  const [rewards, setRewards] = useState<RewardsState>({ status: 'loading' });
  const requested = useRef(false);

  const load = useCallback(() => {
    setRewards({ status: 'loading' });
    fetchRewards().then(
      (data) => setRewards({ status: 'ready', data }),
      () => setRewards({ status: 'error' }),
    );
  }, []);

  const openPanel = () => {
    setOpen(true);
    // Asked once, on first open: most visitors never open the panel.
    if (!requested.current || rewards.status === 'error') {
      requested.current = true;
      load();
    }
  };
  const close = useCallback(() => setOpen(false), []);

  const className =
    'fixed right-3 bottom-3 z-30 inline-flex h-11 items-center gap-2 rounded-full border-2 border-brand-200 bg-leaf-800 px-4 font-semibold text-white shadow-lg hover:bg-leaf-700 sm:right-4 sm:bottom-4 sm:h-12 sm:px-5 print:hidden [body:has([data-sticky-cart])_&]:bottom-24 max-sm:[body:has(main_:is(input,select,textarea):focus)_&]:hidden';
  return (
    <>
      {live ? (
        <button
          type="button"
          onClick={openPanel}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? PANEL_ID : undefined}
          data-replay="rewards"
          className={className}
        >
          <GiftIcon />
          Rewards
        </button>
      ) : (
        <a
          href={REWARDS_PAGE}
          data-replay="rewards"
          className={className}
          onClick={(event) => {
            event.preventDefault();
            openPanel();
          }}
        >
          <GiftIcon />
          Rewards
        </a>
      )}
      {open && (
        <Suspense fallback={null}>
          <RewardsDialog rewards={rewards} onRetry={load} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
