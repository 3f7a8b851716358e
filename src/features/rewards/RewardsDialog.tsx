// The open Rewards panel: its four views. A chunk of its own, loaded the first time the panel opens,
// so the JavaScript every page carries is only the button.
import { PanelToasts } from '../ui/Toaster';
import { useRef, useState } from 'react';
import { useModalDialog } from '../cart/use-modal-dialog';
import { PANEL_ID } from './rewards-client';
import {
  EarnView,
  HEADER_BUTTON,
  HomeView,
  RedeemView,
  ReferralView,
  type RewardsState,
  type View,
} from './RewardsViews';

export default function RewardsDialog({
  rewards,
  onRetry,
  onClose,
}: {
  rewards: RewardsState;
  onRetry: () => void;
  onClose: () => void;
}) {
  const [view, setView] = useState<View>('home');
  // The sub-view last left, so returning home puts focus back on the button that opened it.
  const [cameFrom, setCameFrom] = useState<View | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  useModalDialog({ open: true, rootRef, dialogRef, initialFocusRef: closeRef, onClose });

  const goHome = () => {
    setCameFrom(view);
    setView('home');
  };
  const subView = { rewards, onRetry, onBack: goHome };

  return (
    <div ref={rootRef} className="fixed inset-0 z-[60]">
      {/* biome-ignore lint/a11y: a click on the backdrop is a mouse shortcut; Escape and the close button serve the keyboard */}
      <div onClick={onClose} className="absolute inset-0 bg-ink/50" />
      <div
        ref={dialogRef}
        id={PANEL_ID}
        role="dialog"
        aria-modal="true"
        aria-label="Rewards"
        className="absolute inset-x-0 bottom-0 flex max-h-[90dvh] flex-col overflow-hidden rounded-t-2xl bg-brand-50 shadow-2xl sm:inset-x-auto sm:right-4 sm:bottom-20 sm:max-h-[calc(100dvh-6.5rem)] sm:w-[24rem] sm:rounded-2xl"
      >
        <button
          ref={closeRef}
          type="button"
          onClick={onClose}
          aria-label="Close rewards"
          className={`absolute top-3 right-3 z-10 grid h-10 w-10 place-items-center text-2xl ${HEADER_BUTTON}`}
        >
          <span aria-hidden="true">×</span>
        </button>
        <div className="overflow-y-auto overscroll-contain pb-[env(safe-area-inset-bottom)]">
          {view === 'home' && (
            <HomeView rewards={rewards} onRetry={onRetry} returnFocusTo={cameFrom} onNavigate={setView} />
          )}
          {view === 'earn' && <EarnView {...subView} />}
          {view === 'redeem' && <RedeemView {...subView} />}
          {view === 'referralDetails' && <ReferralView {...subView} />}
        </div>
        {/* Toasts (the copied code) show here, under the panel's content, not over its close button. */}
        <PanelToasts />
      </div>
    </div>
  );
}
