// The test gateway's stand-in for Razorpay's checkout.js: the same `new Razorpay(options).open()`, with
// a dialog where the shopper pays or makes the payment fail. A success is signed by the test gateway
// and handed to `options.handler`, exactly as Razorpay's checkout hands it over.
export const TEST_CHECKOUT_SCRIPT_SOURCE = `(() => {
  const rupees = (paise) => '\\u20B9' + (paise / 100).toLocaleString('en-IN', { minimumFractionDigits: paise % 100 ? 2 : 0 });
  class Razorpay {
    constructor(options) { this.options = options; this.listeners = {}; }
    on(event, listener) { (this.listeners[event] ||= []).push(listener); }
    open() {
      const o = this.options;
      const dialog = document.createElement('dialog');
      dialog.setAttribute('aria-labelledby', 'test-gateway-title');
      Object.assign(dialog.style, { maxWidth: '26rem', width: 'calc(100% - 2rem)', maxHeight: 'calc(100% - 2rem)', overflow: 'auto', margin: 'auto', inset: '0', padding: '0', border: '0', borderRadius: '0.75rem', background: '#fff', color: '#1f2937', boxShadow: '0 0 0 100vmax rgba(0,0,0,0.5)' });
      dialog.innerHTML = '<p style="margin:0;padding:0.5rem 1rem;background:#fde047;font-weight:700;font-size:0.875rem;text-align:center">TEST MODE: no real money moves</p>' +
        '<form method="dialog" style="padding:1rem 1.25rem 1.25rem">' +
        '<h2 id="test-gateway-title" style="margin:0;font-size:1.25rem;font-weight:700"></h2>' +
        '<p data-amount style="margin:0.25rem 0 0;font-size:1.5rem;font-weight:700"></p>' +
        '<fieldset style="margin:1rem 0 0;border:0;padding:0"><legend style="font-weight:600">Pay with</legend>' +
        ['upi:UPI (any UPI app)', 'card:Card', 'netbanking:Netbanking', 'wallet:Wallet'].map((m, i) => {
          const [value, label] = m.split(':');
          return '<label style="display:flex;gap:0.75rem;align-items:center;min-height:2.75rem"><input type="radio" name="method" value="' + value + '"' + (i ? '' : ' checked') + '> ' + label + '</label>';
        }).join('') + '</fieldset>' +
        '<p data-error role="alert" style="margin:0.5rem 0 0;color:#991b1b;font-weight:600"></p>' +
        '<button type="button" data-outcome="success" style="display:block;width:100%;min-height:2.75rem;margin-top:1rem;border:0;border-radius:0.5rem;background:#166534;color:#fff;font-weight:600"></button>' +
        '<button type="button" data-outcome="failure" style="display:block;width:100%;min-height:2.75rem;margin-top:0.5rem;border:1px solid #991b1b;border-radius:0.5rem;background:#fff;color:#991b1b;font-weight:600">Make this payment fail</button>' +
        '<button type="button" data-close style="display:block;width:100%;min-height:2.75rem;margin-top:0.5rem;border:1px solid #4b5563;border-radius:0.5rem;background:#fff;color:#1f2937;font-weight:600">Cancel payment</button>' +
        '</form>';
      dialog.querySelector('h2').textContent = 'Pay ' + (o.name || '');
      dialog.querySelector('[data-amount]').textContent = rupees(o.amount);
      dialog.querySelector('[data-outcome=success]').textContent = 'Pay ' + rupees(o.amount);
      const error = dialog.querySelector('[data-error]');
      let settled = false;
      const pay = async (outcome) => {
        const method = dialog.querySelector('input[name=method]:checked').value;
        const response = await fetch('/test-gateway/checkout/pay', {
          method: 'POST', headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ order_id: o.order_id, outcome, method, prefill: o.prefill || {} }),
        });
        const answer = await response.json();
        if (!response.ok || !answer.razorpay_signature) {
          error.textContent = answer.message || 'Payment failed: the payer declined it. No money was taken. Try again or choose another method.';
          (this.listeners['payment.failed'] || []).forEach((l) => l({ error: { description: error.textContent } }));
          return;
        }
        settled = true;
        dialog.close();
        dialog.remove();
        o.handler(answer);
      };
      dialog.querySelector('[data-outcome=success]').addEventListener('click', () => pay('success'));
      dialog.querySelector('[data-outcome=failure]').addEventListener('click', () => pay('failure'));
      dialog.querySelector('[data-close]').addEventListener('click', () => dialog.close());
      dialog.addEventListener('close', () => {
        if (settled) return;
        dialog.remove();
        o.modal && o.modal.ondismiss && o.modal.ondismiss();
      });
      document.body.append(dialog);
      dialog.showModal();
    }
  }
  window.Razorpay = Razorpay;
})();
`;
