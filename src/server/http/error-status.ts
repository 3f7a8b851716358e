// The typed codes a refused form or API request answers with, and the HTTP status of each. A plain
// module (no server code), so results that reach islands can carry a code too.

export const FORM_STATUS = {
  /** A request the page's own forms never send (an unknown intent, a malformed id), or input refused as a whole. */
  invalid: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  /** A link that has run out (a signed link past its expiry). */
  gone: 410,
  too_large: 413,
  unsupported: 415,
  /** The input breaks a rule the person can fix (field errors). */
  unprocessable: 422,
  rate_limited: 429,
  /** Something broke on our side (the database, a mail queue): nothing the person typed is wrong. */
  failed: 500,
} as const;
export type FormErrorCode = keyof typeof FORM_STATUS;
export type FormErrorStatus = (typeof FORM_STATUS)[FormErrorCode];
