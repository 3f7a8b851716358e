// A cart change carried by the button that asks for it (`name="change" value="set:4:1:2"`), so a
// page's forms need no hidden fields and the checkout's summary can submit the checkout form itself
// (keeping what was typed). The server validates what the token says like any other input.
import type { CartChange } from './cart.schema';

export function changeToken(change: CartChange): string {
  switch (change.intent) {
    case 'add':
    case 'set':
      return `${change.intent}:${change.productId}:${change.months}:${change.quantity}`;
    case 'remove':
      return `remove:${change.productId}:${change.months}`;
    default:
      return change.intent;
  }
}

/** The change a token asks for, as raw input (the code comes from the form's code field). */
export function changeFromToken(token: string, code: string | null = null): CartChange {
  const [intent, productId, months, quantity] = token.split(':');
  if (intent === 'code') return { intent, code: code ?? '' };
  return { intent, productId, months, quantity } as unknown as CartChange;
}
