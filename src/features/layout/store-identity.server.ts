// The store's own declarations, from configuration: its licence numbers (the footer's badges) and its
// consumer care (every product page's declarations, docs/decisions/0077-product-declarations.md).
import { env } from '../../lib/env.server';
import { CONTACT } from './site-links';

/** The footer's licence badges: only the licences the store has configured, each with its number. */
export function storeLicences(): { label: string; number: string }[] {
  const { STORE_FSSAI_LICENCE: fssai, STORE_AYUSH_LICENCE: ayush } = env();
  return [
    ...(fssai ? [{ label: 'FSSAI Lic. No.', number: fssai }] : []),
    ...(ayush ? [{ label: 'AYUSH Mfg. Lic. No.', number: ayush }] : []),
  ];
}

export interface ConsumerCare {
  name: string;
  address: string;
  phone: string;
  email: string;
}

/** Consumer care named on every product page: the store's registered address and care email (configuration), its care line. */
export function consumerCare(): ConsumerCare {
  const { STORE_ADDRESS: address, STORE_EMAIL: email } = env();
  return { name: `Consumer Care, ${CONTACT.address[0]}`, address, phone: CONTACT.phone, email };
}
