// Short-lived notices (spec §9: about 2 s, top-centre). Any island can raise one; <Toaster /> shows them.
import { atom } from 'nanostores';
import { announce } from '../layout/hydration/announce';

export type ToastVariant = 'success' | 'error' | 'info';
export interface Toast {
  id: number;
  message: string;
  variant: ToastVariant;
}

export const DEFAULT_TOAST_MS = 2000;
export const $toasts = atom<Toast[]>([]);

let nextId = 1;

/** Shows a toast and schedules its removal; returns its id so callers may dismiss it early. */
export function showToast({
  message,
  variant = 'info',
  durationMs = DEFAULT_TOAST_MS,
}: {
  message: string;
  variant?: ToastVariant;
  durationMs?: number;
}): number {
  const id = nextId++;
  $toasts.set([...$toasts.get(), { id, message, variant }]);
  announce('toast:show'); // wakes <Toaster client:event> on its first toast
  // Timed here rather than in the component so toasts never pile up when no Toaster is mounted.
  setTimeout(() => dismissToast(id), durationMs);
  return id;
}

export function dismissToast(id: number) {
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}
