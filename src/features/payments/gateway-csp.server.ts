// Razorpay's checkout runs its script from checkout.razorpay.com and its window in a frame from
// api.razorpay.com: the pages that open it (checkout, the order page's "Pay now") allow exactly those,
// and no other page does. The built-in test gateway's stand-in is served by the store itself ('self').
import type { APIContext } from 'astro';
import { paymentGateway } from './gateway.server';

export function allowGatewayCheckout(csp: APIContext['csp'] | undefined) {
  if (!csp || paymentGateway()?.name !== 'razorpay') return;
  // A script resource replaces Astro's default 'self', so it is named again.
  csp.insertScriptResource("'self'");
  csp.insertScriptResource('https://checkout.razorpay.com');
  csp.insertDirective("frame-src 'self' https://api.razorpay.com https://checkout.razorpay.com");
}
