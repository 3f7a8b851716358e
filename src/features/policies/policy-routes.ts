// Which URL shows which policy. The spec links to both spellings of some pages
// (/termsconditions and /TermsConditions, /Privacy and /privacy): each alias renders the
// same entry and points search engines at one canonical address.
export interface PolicyRoute {
  /** Entry id in the `policies` collection (file name in content/policies). */
  entryId: 'refunds' | 'terms' | 'shipping' | 'privacy';
  canonicalPath: string;
  aliasPaths: string[];
}

export const POLICY_ROUTES: PolicyRoute[] = [
  { entryId: 'refunds', canonicalPath: '/refunds', aliasPaths: [] },
  { entryId: 'terms', canonicalPath: '/termsconditions', aliasPaths: ['/TermsConditions'] },
  { entryId: 'privacy', canonicalPath: '/Privacy', aliasPaths: ['/privacy'] },
  { entryId: 'shipping', canonicalPath: '/OrderShipping', aliasPaths: [] },
];
