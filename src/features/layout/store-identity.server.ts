// The store's own declarations, from configuration (src/server/config/env.server.ts): its legal name, registered
// address and GSTIN, consumer care, grievance officer and licence numbers, shown in the footer, on every
// product page (docs/decisions/0077-product-declarations.md) and on tax invoices. A production start
// that keeps the shipped placeholders is told so on every desk page (docs/decisions/0082-store-identity.md).
import { env, identityPlaceholders, type IdentityVariable } from '../../server/config/env.server';

/** The footer's licence badges: only the licences the store has configured, each with its number. */
export function storeLicences(): { label: string; number: string }[] {
  const { STORE_FSSAI_LICENCE: fssai, STORE_AYUSH_LICENCE: ayush } = env();
  return [
    ...(fssai ? [{ label: 'FSSAI Lic. No.', number: fssai }] : []),
    ...(ayush ? [{ label: 'AYUSH Mfg. Lic. No.', number: ayush }] : []),
  ];
}

/** The quality badges: GMP and lab testing, each only with its configured certificate or laboratory. */
export function storeCertifications(): { label: string; number: string }[] {
  const { STORE_GMP_CERTIFICATE: gmp, STORE_TESTING_LAB: lab } = env();
  return [
    ...(gmp ? [{ label: 'GMP Cert. No.', number: gmp }] : []),
    ...(lab ? [{ label: 'Lab tested by', number: lab }] : []),
  ];
}

/** The footer's badges, each with its number or laboratory: licences, then quality. */
export const storeBadges = () =>
  [...storeLicences(), ...storeCertifications()].map((badge) => `${badge.label} ${badge.number}`);

export interface StoreIdentity {
  legalName: string;
  address: string;
  gstin: string;
  care: { phone: string; email: string };
  grievanceOfficer: { name: string; designation: string; email: string; phone: string };
}

export function storeIdentity(): StoreIdentity {
  const config = env();
  return {
    legalName: config.STORE_LEGAL_NAME,
    address: config.STORE_ADDRESS,
    gstin: config.STORE_GSTIN,
    care: { phone: config.STORE_CARE_PHONE, email: config.STORE_CARE_EMAIL },
    grievanceOfficer: {
      name: config.GRIEVANCE_OFFICER_NAME,
      designation: config.GRIEVANCE_OFFICER_DESIGNATION,
      email: config.GRIEVANCE_OFFICER_EMAIL,
      phone: config.GRIEVANCE_OFFICER_PHONE,
    },
  };
}

export interface ConsumerCare {
  name: string;
  address: string;
  phone: string;
  email: string;
}

/** Consumer care named on every product page: the store's legal name, registered address and care line (configuration). */
export function consumerCare(): ConsumerCare {
  const identity = storeIdentity();
  return {
    name: `Consumer Care, ${identity.legalName}`,
    address: identity.address,
    phone: identity.care.phone,
    email: identity.care.email,
  };
}

const WHAT: Record<IdentityVariable, string> = {
  STORE_LEGAL_NAME: 'legal name',
  STORE_ADDRESS: 'registered address',
  STORE_GSTIN: 'GSTIN',
  STORE_CARE_PHONE: 'customer care phone',
  STORE_CARE_EMAIL: 'customer care email',
  GRIEVANCE_OFFICER_NAME: 'grievance officer',
  GRIEVANCE_OFFICER_EMAIL: 'grievance officer’s email',
  GRIEVANCE_OFFICER_PHONE: 'grievance officer’s phone',
};

/** The identity settings a production store still has at their placeholders (none outside production). */
export function identityWarning(): { variables: IdentityVariable[]; text: string } | null {
  const config = env();
  if (config.NODE_ENV !== 'production') return null;
  const variables = identityPlaceholders(config);
  if (!variables.length) return null;
  const names = variables.map((name) => `${WHAT[name]} (${name})`).join(', ');
  const gstin = variables.includes('STORE_GSTIN')
    ? ' No tax invoice can be issued, so orders cannot be shipped, until STORE_GSTIN is the store’s own.'
    : '';
  return {
    variables,
    text: `This store still shows placeholder details where the law asks for its own: ${names}. Set them in the configuration and restart.${gstin}`,
  };
}
