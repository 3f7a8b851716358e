// The gateway's checkout opened in place (browser only): its script (Razorpay's checkout.js, or the
// built-in test gateway's stand-in with the same interface) opens over the page; the signed result
// goes to the store to be verified. Resolves with the page to go to next: the order page, which says
// whether the payment arrived and offers "Pay now" while the order waits.

export interface GatewayCheckout {
  script: string;
  key: string;
  orderId: string;
  amountPaise: number;
  description: string;
  prefill: { name: string; email: string; contact: string };
  testMode: boolean;
}

interface CheckoutResult {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}
interface GatewayWindow {
  Razorpay?: new (
    options: Record<string, unknown>,
  ) => { open(): void; on(event: string, listener: (...args: unknown[]) => void): void };
}

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if ((window as GatewayWindow).Razorpay) return resolve();
    const script = document.createElement('script');
    script.src = src;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('The payment gateway could not be loaded.'));
    document.head.append(script);
  });
}

export async function openGatewayCheckout(checkout: GatewayCheckout, orderUrl: string): Promise<string> {
  try {
    await loadScript(checkout.script);
  } catch {
    return orderUrl; // the order page offers the hosted page instead
  }
  const Razorpay = (window as GatewayWindow).Razorpay!;
  return new Promise((resolve) => {
    const instance = new Razorpay({
      key: checkout.key,
      order_id: checkout.orderId,
      amount: checkout.amountPaise,
      currency: 'INR',
      name: 'Vedara Ayurveda',
      description: checkout.description,
      prefill: checkout.prefill,
      theme: { color: '#1c4023' },
      handler: async (result: CheckoutResult) => {
        try {
          const response = await fetch('/api/payments/verify', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(result),
          });
          const answer = (await response.json()) as { ok: boolean; url?: string };
          resolve(answer.ok && answer.url ? answer.url : orderUrl);
        } catch {
          resolve(orderUrl);
        }
      },
      modal: { ondismiss: () => resolve(orderUrl), confirm_close: true },
    });
    instance.open();
  });
}
