// "Notify me" on a sold-out product: the words a shopper reads (shared by the page and the server).
import { LIMIT_MESSAGES } from '../abuse/limit-messages';

export const RESTOCK_MESSAGES = {
  /** The answer to every accepted request, new or repeated: it never says whether the address asked before. */
  accepted: (product: string) =>
    `Thank you. We'll email you once when ${product} is back in stock. You can cancel with the link in the mail we send now.`,
  invalidEmail: 'Please enter a valid email address.',
  noProduct: 'There is no such product.',
  inStock: (product: string) => `Good news: ${product} is in stock now. You can order it on its page.`,
  limitedAddress: LIMIT_MESSAGES.address,
  limitedEmail: LIMIT_MESSAGES.email,
  cancelConfirm: (product: string) => `Stop the back-in-stock mail for ${product}?`,
  cancelled: (product: string) => `Done: we will not email you when ${product} is back in stock.`,
  alreadySent: (product: string) =>
    `We have already written to you that ${product} is back in stock; nothing more will come about it.`,
  badLink:
    'This link is not valid or has expired. Please use the link in your latest mail from us, or write to care@vedara.in.',
} as const;

export const NOTIFY_HINT = 'Signed in? Leave it empty and we will write to your account’s email.';

/** The consent's words, beside its box: WhatsApp is used only when it is ticked. */
export const WHATSAPP_CONSENT = 'Also tell me on WhatsApp, to the number below (one message, when it is back).';
