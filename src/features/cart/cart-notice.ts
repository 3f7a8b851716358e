// What /cart says after a form posted without JavaScript (Post/Redirect/Get): a fixed notice chosen by
// key, never text taken from the address bar.
import type { CartChange, CartView } from './cart.schema';

export function noticeQuery(change: CartChange): string {
  const params = new URLSearchParams({ notice: change.intent });
  if (change.intent === 'add') params.set('product', String(change.productId));
  return params.toString();
}

export function noticeText(params: URLSearchParams, view: CartView): string | null {
  switch (params.get('notice')) {
    case 'add': {
      const name = view.quote.lines.find((l) => String(l.productId) === params.get('product'))?.name;
      return name ? `Added ${name} to cart!` : null;
    }
    case 'set':
    case 'remove':
      return 'Your cart has been updated.';
    case 'code':
      return view.quote.code?.status === 'applied' || view.quote.code?.status === 'outbid'
        ? `Code ${view.quote.code.code.toUpperCase()} applied.`
        : null;
    case 'remove-code':
      return 'Discount code removed.';
    case 'reorder':
      return 'Your plan is in your cart: the same products and plan as last time.';
    case 'reorder-partial':
      return 'We put in your cart what we could: some of your last order is out of stock or no longer sold.';
    default:
      return null;
  }
}
