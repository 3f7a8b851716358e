// Modal behaviour for the cart drawer (WCAG 2.2): focus moves in on open, Tab is trapped inside,
// Escape closes, everything else on the page is inert and does not scroll, focus returns on close.
import { useEffect, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Makes every element outside `root` inert (toasts stay live so they are still announced). */
function inertOutside(root: HTMLElement): () => void {
  const changed: HTMLElement[] = [];
  for (let node: HTMLElement = root; node.parentElement && node !== document.body; node = node.parentElement) {
    for (const sibling of node.parentElement.children) {
      if (sibling === node || !(sibling instanceof HTMLElement) || sibling.inert) continue;
      if (sibling.matches('script, style, template, [data-toaster]') || sibling.querySelector('[data-toaster]'))
        continue;
      sibling.inert = true;
      changed.push(sibling);
    }
  }
  return () =>
    changed.forEach((element) => {
      element.inert = false;
    });
}

export function useModalDialog({
  open,
  rootRef,
  dialogRef,
  initialFocusRef,
  onClose,
}: {
  open: boolean;
  rootRef: RefObject<HTMLElement | null>; // dialog plus backdrop: stays interactive
  dialogRef: RefObject<HTMLElement | null>; // focus is trapped here
  initialFocusRef: RefObject<HTMLElement | null>;
  onClose: () => void;
}) {
  useEffect(() => {
    const root = rootRef.current;
    const dialog = dialogRef.current;
    if (!open || !root || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const releaseInert = inertOutside(root);
    const html = document.documentElement;
    const previousOverflow = html.style.overflow;
    html.style.overflow = 'hidden';
    (initialFocusRef.current ?? dialog).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (el) => el.getClientRects().length > 0,
      );
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      const active = document.activeElement;
      const outside = !active || !dialog.contains(active);
      if (!first) {
        event.preventDefault();
      } else if (event.shiftKey && (active === first || outside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || outside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      releaseInert();
      html.style.overflow = previousOverflow;
      if (opener?.isConnected) opener.focus();
    };
  }, [open, rootRef, dialogRef, initialFocusRef, onClose]);
}
