// The Content-Security-Policy header of the pages that take a shopper to the gateway: with Razorpay, its
// payment pages are allowed as form targets (Chrome holds the 303 to the payment link to form-action) and
// its checkout script and frame on checkout; with the built-in test gateway, the site's policy unchanged.
import { afterEach, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../boundary-policy/csp-config';
import { resetEnv } from '../../server/config/env.server';
import recorded from '../../../tests/fixtures/razorpay/responses.json';
import { allowGatewayCheckout, allowGatewayPaymentPage, RAZORPAY_PAYMENT_PAGES } from './gateway-csp.server';
import { resetPaymentGateway } from './gateway.server';

const RAZORPAY_KEYS = {
  RAZORPAY_KEY_ID: 'rzp_test_1DP5mmOlF5G5ag',
  RAZORPAY_KEY_SECRET: 'key-secret-123456',
  RAZORPAY_WEBHOOK_SECRET: 'hook-secret-987654',
};
const saved = { ...process.env };

function setGateway(variables: Record<string, string>) {
  for (const name of ['PAYMENT_GATEWAY', ...Object.keys(RAZORPAY_KEYS)]) delete process.env[name];
  Object.assign(process.env, { SITE_URL: 'http://localhost:4321' }, variables);
  resetEnv();
  resetPaymentGateway();
}

afterEach(() => {
  process.env = { ...saved };
  resetEnv();
  resetPaymentGateway();
});

/**
 * The header a page sends after `allow` ran: the site's directives with those the page inserted, a
 * directive of the same name merged into the site's (as Astro's insertDirective does), and script-src
 * from the inserted script resources ('self' alone by default).
 */
function headerOf(allow: (csp: never) => void) {
  const policy = contentSecurityPolicy as Exclude<typeof contentSecurityPolicy, boolean | undefined>;
  const directives = (policy.directives ?? []).map(String);
  const scripts: string[] = [];
  allow({
    insertDirective(directive: string) {
      const [name, ...values] = directive.split(/\s+/);
      const at = directives.findIndex((d) => d.split(/\s+/)[0] === name);
      if (at < 0) directives.push(directive);
      else directives[at] = [...new Set([...directives[at].split(/\s+/), ...values])].join(' ');
    },
    insertScriptResource: (resource: string) => scripts.push(resource),
  } as never);
  return [...directives, `script-src ${scripts.length ? scripts.join(' ') : "'self'"}`].join('; ');
}

const directive = (header: string, name: string) => header.split('; ').find((d) => d.startsWith(`${name} `));

describe('the gateway in the Content-Security-Policy', () => {
  it('with Razorpay, lets the order page’s "Pay now" form go on to the payment link, and nothing more', () => {
    setGateway({ ...RAZORPAY_KEYS, PAYMENT_GATEWAY: 'razorpay' });
    const header = headerOf(allowGatewayPaymentPage);
    expect(directive(header, 'form-action')).toBe(
      "form-action 'self' https://rzp.io https://razorpay.com https://api.razorpay.com",
    );
    expect(directive(header, 'script-src')).toBe("script-src 'self'");
    expect(directive(header, 'frame-src')).toBeUndefined();
    // The payment link the adapter hands out (Razorpay's recorded answer) is on an allowed origin.
    expect(RAZORPAY_PAYMENT_PAGES).toContain(new URL(recorded.paymentLink.short_url).origin);
  });

  it('with Razorpay, lets checkout post on to the payment link and open the checkout in place', () => {
    setGateway({ ...RAZORPAY_KEYS, PAYMENT_GATEWAY: 'razorpay' });
    const header = headerOf(allowGatewayCheckout);
    expect(directive(header, 'form-action')).toBe(
      "form-action 'self' https://rzp.io https://razorpay.com https://api.razorpay.com",
    );
    expect(directive(header, 'script-src')).toBe("script-src 'self' https://checkout.razorpay.com");
    expect(directive(header, 'frame-src')).toBe(
      "frame-src 'self' https://api.razorpay.com https://checkout.razorpay.com",
    );
    // One form-action: a second would be ignored by browsers, the first (the site's 'self') winning.
    expect(header.match(/form-action/g)).toHaveLength(1);
  });

  it('with the built-in test gateway (the store itself) or none, keeps the site’s policy', () => {
    for (const gateway of ['test', 'off']) {
      setGateway({ PAYMENT_GATEWAY: gateway });
      for (const allow of [allowGatewayPaymentPage, allowGatewayCheckout]) {
        const header = headerOf(allow);
        expect(directive(header, 'form-action'), gateway).toBe("form-action 'self'");
        expect(directive(header, 'script-src'), gateway).toBe("script-src 'self'");
        expect(directive(header, 'frame-src'), gateway).toBeUndefined();
      }
    }
  });
});
