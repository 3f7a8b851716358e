// The store's message templates: the words registered with each provider (a WhatsApp template approved by
// Meta, an SMS template registered on DLT and with MSG91), kept here once so the development transport
// writes exactly what a customer would read. A template's variables are named in braces, in the order the
// providers number them ({{1}}, {{2}} … on WhatsApp; ##name## on MSG91). Pure: no feature, no I/O.
export type MessageChannel = 'whatsapp' | 'sms';

/**
 * A marketing template (`marketing: true`: sent only under the marketing_messages consent) carries {stop},
 * the signed link that withdraws that consent in one tap (DPDP Act 2023 s. 6(4): as easy to withdraw as to
 * give; adapters.test.ts holds every template to it). Service messages (order updates, a back-in-stock
 * notice asked for once, sign-in codes) carry none.
 */
export const MESSAGE_TEMPLATES = {
  order_placed_cod: {
    channel: 'whatsapp',
    text: 'Namaste {name}, thank you for your order {orderNumber} of {total}, cash on delivery. Please confirm it here so we can pack it: {link}',
  },
  order_placed: {
    channel: 'whatsapp',
    text: 'Namaste {name}, thank you: your order {orderNumber} of {total} is paid and confirmed. See it here: {link}',
  },
  order_shipped: {
    channel: 'whatsapp',
    text: 'Your order {orderNumber} has shipped with {courier}, tracking number {trackingNumber}. Follow the parcel here: {link}',
  },
  order_out_for_delivery: {
    channel: 'whatsapp',
    text: 'Your order {orderNumber} is out for delivery today. {payment}',
  },
  order_delivered: {
    channel: 'whatsapp',
    text: 'Your order {orderNumber} has been delivered. We hope it serves you well. Your order and its invoice: {link}',
  },
  refill_reminder: {
    channel: 'whatsapp',
    marketing: true,
    text: 'Namaste {name}, your {products} will run out around {date}. Reorder the same plan in one tap: {link} To stop reminders and offers on WhatsApp and SMS, open {stop} and press Stop.',
  },
  back_in_stock: {
    channel: 'whatsapp',
    text: 'Good news: {product} is back in stock at Vedara Ayurveda, as you asked us to tell you. See it here: {link}',
  },
  /** {instead}: paying online instead, on the same page ("Pay online there, save ₹25."; empty when the store
   *  takes cash only); at most 30 characters, DLT's limit for a variable. */
  cod_confirmation: {
    channel: 'sms',
    text: 'Vedara Ayurveda: confirm your cash-on-delivery order {orderNumber} of {total} here: {link} {instead}',
  },
  /** The one-time code of phone sign-in (transactional, DLT category "service implicit"; no consent needed). */
  sign_in_code: {
    channel: 'sms',
    text: '{code} is your Vedara Ayurveda sign-in code. It works for 10 minutes. Never share it with anyone, including our team.',
  },
} as const satisfies Record<string, { channel: MessageChannel; text: string; marketing?: true }>;

export type TemplateName = keyof typeof MESSAGE_TEMPLATES;

/** A template's variables in the order they appear (the providers' numbering). */
export function templateVariables(name: TemplateName): string[] {
  return [...MESSAGE_TEMPLATES[name].text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
}

/**
 * The template's values in the providers' order. WhatsApp refuses newlines, tabs and runs of spaces inside
 * a variable, so each value is one line. Throws when a variable is missing (a programming error, not input).
 */
export function templateValues(name: TemplateName, params: Record<string, string>): string[] {
  return templateVariables(name).map((variable) => {
    const value = params[variable];
    if (value === undefined) throw new Error(`Message template ${name} needs {${variable}}.`);
    return value.replace(/\s+/g, ' ').trim();
  });
}

/** The words a customer reads. */
export function renderTemplate(name: TemplateName, params: Record<string, string>): string {
  const values = templateValues(name, params);
  let next = 0;
  // A variable left empty at the end (cod_confirmation's {instead}) leaves no trailing space.
  return MESSAGE_TEMPLATES[name].text.replace(/\{(\w+)\}/g, () => values[next++]).trimEnd();
}
