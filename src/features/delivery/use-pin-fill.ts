// The PIN box of an address form in the browser (checkout, address book): as soon as six digits are
// typed, the server's delivery check (/api/delivery) answers, and the city and state are filled from
// the PIN's district and state (pin-fill.ts: blanks only, never what the shopper typed).
import { useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { PinCheck } from './delivery-estimate';
import { fillFromPinPlace, type PinFillable } from './pin-fill';

export function usePinFill<V extends Record<PinFillable, string>>(
  setValues: Dispatch<SetStateAction<V>>,
  { initial = null, onFound }: { initial?: PinCheck | null; onFound?: () => void } = {},
) {
  const [check, setCheck] = useState<PinCheck | null>(initial);
  const asked = useRef('');
  /** The fields the PIN filled and the shopper has not touched since (a new PIN may fill them again). */
  const filled = useRef<Set<PinFillable>>(new Set());

  async function lookUp(pin: string) {
    asked.current = pin;
    try {
      const response = await fetch(`/api/delivery?pin=${encodeURIComponent(pin)}`);
      const answer = (await response.json()) as PinCheck;
      if (asked.current !== pin) return; // an older answer arriving late is dropped
      setCheck(answer);
      if (!answer.ok) return;
      setValues((values) => {
        const result = fillFromPinPlace(values, answer, filled.current);
        filled.current = result.filled;
        return result.values;
      });
      onFound?.();
    } catch {
      if (asked.current === pin) setCheck(null);
    }
  }

  return {
    check,
    lookUp,
    /** The PIN box changed: ask once it is a whole PIN, else forget the last answer. */
    typed(value: string) {
      if (/^[1-9]\d{5}$/.test(value.trim())) void lookUp(value.trim());
      else {
        asked.current = '';
        setCheck(null);
      }
    },
    /** The shopper edited a field: the PIN no longer fills it. */
    touched(field: string) {
      filled.current.delete(field as PinFillable);
    },
  };
}
