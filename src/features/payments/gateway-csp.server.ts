// Razorpay's checkout runs its script from checkout.razorpay.com and its window in a frame from
// api.razorpay.com; its hosted payment page is reached by a form post answered with a 303 to the
// payment link (rzp.io, which leads on to razorpay.com), and Chrome holds that redirect to the page's
// form-action. The pages that go there allow exactly those, and no other page does. The built-in test
// gateway's stand-ins are served by the store itself ('self').
import type { APIContext } from 'astro';
import { paymentGateway } from './gateway.server';

type Csp = APIContext['csp'] | undefined;

/** Where a payment link's short URL leads: the link (rzp.io) and the pages it redirects to. */
export const RAZORPAY_PAYMENT_PAGES = ['https://rzp.io', 'https://razorpay.com', 'https://api.razorpay.com'];

const razorpay = () => paymentGateway()?.name === 'razorpay';

/** A page whose form goes on to the gateway's hosted payment page (checkout, the order page's "Pay now"). */
export function allowGatewayPaymentPage(csp: Csp) {
  if (!csp || !razorpay()) return;
  // Astro merges this with the site's form-action 'self'.
  csp.insertDirective(`form-action 'self' ${RAZORPAY_PAYMENT_PAGES.join(' ')}`);
}

/** Checkout: the hosted page without JavaScript, and the gateway's checkout opened in place with it. */
export function allowGatewayCheckout(csp: Csp) {
  if (!csp || !razorpay()) return;
  allowGatewayPaymentPage(csp);
  // A script resource replaces Astro's default 'self', so it is named again.
  csp.insertScriptResource("'self'");
  csp.insertScriptResource('https://checkout.razorpay.com');
  csp.insertDirective("frame-src 'self' https://api.razorpay.com https://checkout.razorpay.com");
}
