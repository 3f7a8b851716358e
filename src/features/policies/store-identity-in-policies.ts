// The policies name the store as its configuration does (issue 24 part 4: the identity is configured once):
// their Markdown says {{legalName}}, {{careEmail}}, {{officerName}}… and the page fills them in from
// the store identity, in text and in link addresses alike (where the Markdown renderer encoded the braces).
import type { StoreIdentity } from '../layout/store-identity.server';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** A phone number as a tel: link wants it: digits and the leading +. */
const dialable = (phone: string) => phone.replace(/[^\d+]/g, '');

/** The tokens the policies may use, with the store's value for each. */
export function identityTokens(identity: StoreIdentity): Record<string, string> {
  const { care, grievanceOfficer: officer } = identity;
  return {
    legalName: identity.legalName,
    address: identity.address,
    careEmail: care.email,
    carePhone: care.phone,
    carePhoneDial: dialable(care.phone),
    officerName: officer.name,
    officerDesignation: officer.designation,
    officerEmail: officer.email,
    officerPhone: officer.phone,
    officerPhoneDial: dialable(officer.phone),
  };
}

/**
 * The rendered policy with every {{token}} replaced (HTML-escaped); a token the store does not know is an
 * error, so a typo in a policy fails the build instead of showing braces to shoppers.
 */
export function fillStoreIdentity(html: string, identity: StoreIdentity): string {
  const tokens = identityTokens(identity);
  return html.replace(/\{\{(\w+)\}\}|%7B%7B(\w+)%7D%7D/g, (_, plain?: string, encoded?: string) => {
    const name = (plain ?? encoded)!;
    const value = tokens[name];
    if (value === undefined) throw new Error(`Unknown store identity token {{${name}}} in a policy`);
    return escapeHtml(encoded ? encodeURI(value) : value);
  });
}
