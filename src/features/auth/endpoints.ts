// The better-auth endpoints the store uses: its forms (through callAuth), the header island and the
// links in account mails. Every other endpoint better-auth or its plugins bring answers 404, so an
// unused feature (password reset by code, organization management, email change by code…) cannot be
// called around the store's own rules.
export const AUTH_BASE_PATH = '/api/auth';

export const STORE_AUTH_ENDPOINTS: readonly string[] = [
  // Sign-in and sign-up forms
  '/sign-in/email',
  '/sign-up/email',
  '/email-otp/send-verification-otp',
  '/sign-in/email-otp',
  '/phone-number/send-otp',
  '/phone-number/verify',
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
  '/request-password-reset',
  '/reset-password',
  '/sign-out',
  // Dashboard forms
  '/update-user',
  '/change-email',
  // (a mobile is added on the profile page through /phone-number/send-otp and /phone-number/verify)
  '/change-password',
  '/send-verification-email',
  '/two-factor/enable',
  '/two-factor/disable',
  // The header's user menu island
  '/get-session',
  // Links in account mails (verification, and the reset link that lands on /sign-in/reset-password)
  '/verify-email',
  '/reset-password/:token',
];

const patterns = STORE_AUTH_ENDPOINTS.map((endpoint) => new RegExp(`^${endpoint.replace(/:[a-zA-Z]+/g, '[^/]+')}$`));

/** The endpoint path of an /api/auth URL (trailing slashes dropped), or null when it is not under it. */
export function endpointPath(url: string): string | null {
  let pathname: string;
  try {
    pathname = new URL(url).pathname;
  } catch {
    return null;
  }
  if (!pathname.startsWith(`${AUTH_BASE_PATH}/`)) return null;
  return pathname.slice(AUTH_BASE_PATH.length).replace(/\/+$/, '') || '/';
}

export function isStoreEndpoint(url: string): boolean {
  const path = endpointPath(url);
  return path !== null && patterns.some((pattern) => pattern.test(path));
}
