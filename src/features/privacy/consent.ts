// Consent per purpose (DPDP Act 2023 s. 6; docs/decisions: data rights and erasure). Order mail
// (confirmation, shipping, invoice, refunds) is part of the contract and needs no consent; each
// marketing purpose is asked for on its own, in these words, and withdrawn as easily.
export const CONSENT_PURPOSES = [
  'marketing_email',
  'marketing_messages',
  'whatsapp_order_updates',
  'shopping_reminders',
] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

export const isConsentPurpose = (value: string): value is ConsentPurpose =>
  (CONSENT_PURPOSES as readonly string[]).includes(value);

export const CONSENT_PURPOSE_TEXT: Record<ConsentPurpose, { title: string; wording: string }> = {
  marketing_email: {
    title: 'Marketing mail',
    wording:
      'Send me the Vedara Ayurveda newsletter by email: seasonal rituals, recipes, offers and new launches, about twice a month.',
  },
  marketing_messages: {
    title: 'SMS and WhatsApp marketing',
    wording: 'Send me offers and new launches by SMS or WhatsApp to the mobile number on my orders.',
  },
  whatsapp_order_updates: {
    title: 'Order updates on WhatsApp',
    wording: 'Send me order updates on WhatsApp',
  },
  shopping_reminders: {
    title: 'Refill and cart reminders',
    wording: 'Send me a reminder before my pack runs out, and if I leave items in my cart.',
  },
};

export const CONSENT_MESSAGES = {
  granted: (purpose: ConsentPurpose) => `Thank you: ${CONSENT_PURPOSE_TEXT[purpose].title.toLowerCase()} is on.`,
  withdrawn: (purpose: ConsentPurpose) =>
    `${CONSENT_PURPOSE_TEXT[purpose].title} is off: you will get no more of it from us.`,
} as const;
