// The one way a business step says no: a code that names what kind of refusal it is, and the words to
// show. Features answer `{ ok: false, code, message }` (or throw a DomainError from deep inside a
// transaction); only the HTTP boundary turns a code into a status (src/server/http/error-status.ts).
// A plain module, so islands can read the codes of the answers they get.

export const ERROR_CODES = [
  /** A request the page's own forms never send (an unknown intent, a malformed id), or input refused as a whole. */
  'invalid',
  /** Nobody is signed in, and this needs an account. */
  'unauthenticated',
  /** Signed in, but this person may not do this (or a signed link that was not made by the store). */
  'forbidden',
  'not_found',
  /** The thing is no longer in the state the request assumed (sold out, already paid, the slot taken). */
  'conflict',
  /** A link or an offer that has run out (a signed link past its expiry, a cancelled booking). */
  'gone',
  'too_large',
  'unsupported',
  /** The input breaks a rule the person can fix (field errors). */
  'unprocessable',
  'rate_limited',
  /** Something broke on our side (the database, a mail queue): nothing the person typed is wrong. */
  'failed',
  /** An outside service the step needs (the payment gateway) is off or not answering: try again later. */
  'unavailable',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** A refused business step: what kind of refusal, the message to show, and messages by field. */
export interface Refusal<Code extends ErrorCode = ErrorCode> {
  ok: false;
  code: Code;
  /** The message to show (the specification's words where it has them). */
  message: string;
  /** Messages by field name, shown beside the fields. */
  errors?: Partial<Record<string, string>>;
}

export const refusal = <Code extends ErrorCode>(
  code: Code,
  message: string,
  errors?: Partial<Record<string, string>>,
): Refusal<Code> => ({ ok: false, code, message, ...(errors && { errors }) });

/**
 * The same refusal thrown, for a step that finds it deep inside a transaction (which the throw rolls
 * back); the step's caller catches it and answers with its code and message.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Partial<Record<string, string>>,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  toRefusal(): Refusal {
    return refusal(this.code, this.message, this.errors);
  }
}
