// Toast stack, top-centre (below the offers strip and sticky header on phones). The live regions are always in the page
// so screen readers announce each new toast: polite for success/info, assertive (role="alert") for
// errors. While a panel with a <PanelToasts /> slot is open (the cart drawer, the rewards panel), the
// toasts show there instead, in the panel's flow under its title, so none covers the panel's controls.
import { useClientStore } from '../cart/use-client-store';
import { $toasts, dismissToast, type Toast } from './toast';

const VARIANT_STYLE: Record<Toast['variant'], string> = {
  success: 'border-leaf-700 bg-leaf-800 text-white',
  info: 'border-brand-200 bg-white text-ink',
  error: 'border-red-800 bg-red-700 text-white',
};

export function ToastList({ toasts }: { toasts: Toast[] }) {
  return toasts.map((toast) => (
    <div
      key={toast.id}
      className={`pointer-events-auto flex items-center gap-3 rounded-xl border px-4 py-3 text-sm font-medium shadow-lg ${VARIANT_STYLE[toast.variant]}`}
    >
      <p className="flex-1">{toast.message}</p>
      <button
        type="button"
        onClick={() => dismissToast(toast.id)}
        aria-label="Dismiss notification"
        className="-m-1 rounded p-1 leading-none opacity-90 hover:opacity-100"
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  ));
}

const NO_TOASTS: Toast[] = [];

/** The two live regions and their toasts (the page's stack, or a panel's slot). */
function ToastRegions({ toasts }: { toasts: Toast[] }) {
  return (
    <>
      <div role="status" aria-live="polite" className="flex w-full max-w-sm flex-col gap-2">
        <ToastList toasts={toasts.filter((t) => t.variant !== 'error')} />
      </div>
      <div role="alert" className="flex w-full max-w-sm flex-col gap-2">
        <ToastList toasts={toasts.filter((t) => t.variant === 'error')} />
      </div>
    </>
  );
}

export default function Toaster() {
  // Hydrated by its first toast: the server rendered none, so render none first, then the toasts.
  const toasts = useClientStore($toasts, NO_TOASTS);
  return (
    <div
      data-toaster
      className="pointer-events-none fixed inset-x-0 top-[7.25rem] z-[70] flex flex-col items-center gap-2 px-4 lg:top-4 [html:has([data-toast-slot])_&]:hidden"
    >
      <ToastRegions toasts={toasts} />
    </div>
  );
}

/** A panel's place for toasts while it is open: in its flow, so nothing of the panel is covered. */
export function PanelToasts() {
  const toasts = useClientStore($toasts, NO_TOASTS);
  return (
    <div data-toast-slot className="flex flex-col items-center px-5 has-[p]:py-3">
      <ToastRegions toasts={toasts} />
    </div>
  );
}
