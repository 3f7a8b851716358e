// "Notify me" on a sold-out product: the words a shopper reads (shared by the page and the server).
export const RESTOCK_MESSAGES = {
  /** The answer to every accepted request, new or repeated: it never says whether the address asked before. */
  accepted: (product: string) =>
    `Thank you. We'll email you once when ${product} is back in stock. You can cancel with the link in the mail we send now.`,
  /** WhatsApp only: no mail, so no cancel link; the one message comes when the product is back. */
  acceptedOnWhatsapp: (product: string) =>
    `Thank you. We'll tell you once on WhatsApp when ${product} is back in stock.`,
  invalidEmail: 'Please enter a valid email address.',
  noContact: 'Please enter your email address, or tick WhatsApp and enter your mobile number.',
  noProduct: 'There is no such product.',
  inStock: (product: string) => `Good news: ${product} is in stock now. You can order it on its page.`,
  cancelConfirm: (product: string) => `Stop the back-in-stock mail for ${product}?`,
  cancelled: (product: string) => `Done: we will not email you when ${product} is back in stock.`,
  alreadySent: (product: string) =>
    `We have already written to you that ${product} is back in stock; nothing more will come about it.`,
  /** careEmail: the store's customer care address (STORE_CARE_EMAIL). */
  badLink: (careEmail: string) =>
    `This link is not valid or has expired. Please use the link in your latest mail from us, or write to ${careEmail}.`,
} as const;

export const NOTIFY_HINT =
  'Leave it empty to be told on WhatsApp only (tick the box below). Signed in, without WhatsApp? Leave it empty for your account’s email.';

/** The consent's words, beside its box: WhatsApp is used only when it is ticked. */
export const WHATSAPP_CONSENT = 'Tell me on WhatsApp, to the number below (one message, when it is back).';
