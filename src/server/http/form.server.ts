// One way for a page to handle its HTML form posts (docs/decisions: form handling with one helper).
// The body is read once (the middleware has already capped its size), a feature function decides, and
// the outcome says what happened with a typed code; the HTTP status comes from that code, never from
// the wording of a message. Success either redirects (Post/Redirect/Get) or renders a notice in place.

import type { ErrorCode, Refusal } from '../../lib/errors';
import { statusOf } from './error-status';
import { BodyTooLargeError, mayExceedDefault } from './body-limit';
import { readMultipartToDisk } from './multipart.server';
import { formHasRefusedCharacter, REFUSED_CHARACTER_MESSAGE } from './refused-characters';

export { statusOf };

/** A refusal (src/lib/errors.ts) as a page's form shows it. */
export interface FormRefusal extends Refusal {
  /** Which of several forms on the page was refused (its typed values are shown again there). */
  target?: string;
  /** The posted form, to fill the refused form in again. */
  form?: PostedForm;
}

export type FormSuccess =
  | { ok: true; notice?: string; redirect?: undefined; response?: undefined }
  /** Post/Redirect/Get: a 303 to this path. */
  | { ok: true; redirect: string; notice?: undefined; response?: undefined }
  /** A response made elsewhere (e.g. a redirect that sets the session cookies). */
  | { ok: true; response: Response; notice?: undefined; redirect?: undefined };

export type FormOutcome = FormSuccess | FormRefusal;

export const refuse = (
  code: ErrorCode,
  message: string,
  more: Omit<FormRefusal, 'ok' | 'code' | 'message'> = {},
): FormRefusal => ({ ok: false, code, message, ...more });

export const UNKNOWN_INTENT = 'That is not something this page can do.';

/** A posted form, read once. */
export class PostedForm {
  constructor(
    readonly data: FormData,
    /** Removes what reading it left on disk (a large upload's files). */
    readonly dispose: () => Promise<void> = async () => {},
  ) {}

  /** A text field, trimmed, with Windows line ends made plain ('' when missing or a file). */
  text(name: string): string {
    const value = this.data.get(name);
    return typeof value === 'string' ? value.replace(/\r\n/g, '\n').trim() : '';
  }

  /** A text field as sent (undefined when missing or a file). */
  raw(name: string): string | undefined {
    const value = this.data.get(name);
    return typeof value === 'string' ? value : undefined;
  }

  /** The text fields as a plain record, each as sent (the first of repeats; files left out). */
  values(): Record<string, string> {
    const values: Record<string, string> = {};
    for (const [key, value] of this.data) if (typeof value === 'string') values[key] ??= value;
    return values;
  }

  /** Which button or form of the page was used (the `intent` field unless told otherwise). */
  intent(field = 'intent'): string {
    return this.text(field);
  }

  /** A whole-number id field (1–9 digits), or 0. */
  id(name: string): number {
    const value = this.text(name);
    return /^\d{1,9}$/.test(value) ? Number(value) : 0;
  }
}

/** The request's form (an unreadable body reads as an empty form, which the rules then refuse). */
export async function readPostedForm(request: Request): Promise<PostedForm> {
  // A large upload (only those entitled to it get past the boundary's 2 MB) streams to disk.
  if (isMultipart(request) && mayExceedDefault(request)) {
    // Past its cap is the boundary's to answer (413); any other unreadable body reads as an empty form.
    const streamed = await readMultipartToDisk(request).catch((error: unknown) => {
      if (error instanceof BodyTooLargeError) throw error;
      return null;
    });
    return streamed ? new PostedForm(streamed.data, streamed.dispose) : new PostedForm(new FormData());
  }
  return new PostedForm(await request.formData().catch(() => new FormData()));
}

const isMultipart = (request: Request) => /^multipart\/form-data\b/i.test(request.headers.get('content-type') ?? '');

/**
 * Runs the handler of the form's intent; an intent the page does not have is refused as `invalid`.
 * `field` names the field that carries the intent.
 */
export async function byIntent<R extends FormOutcome = FormOutcome>(
  form: PostedForm,
  handlers: Partial<Record<string, () => Promise<R> | R>>,
  { field = 'intent', unknown = UNKNOWN_INTENT }: { field?: string; unknown?: string } = {},
): Promise<R | FormRefusal> {
  const handler = Object.hasOwn(handlers, form.intent(field)) ? handlers[form.intent(field)] : undefined;
  return handler ? handler() : refuse('invalid', unknown);
}

/** The part of Astro's page context the helper uses. */
export interface FormPageContext {
  request: Request;
  response: { status?: number };
  redirect: (path: string, status?: 301 | 302 | 303 | 307 | 308) => Response;
}

/**
 * A page's POST: on any other method nothing happens (`outcome` undefined). A success with a redirect
 * answers 303 (or the response the handler made); a refusal sets the page's status from its code and
 * comes back to be rendered with the page.
 */
export async function handleForm<R extends FormOutcome>(
  context: FormPageContext,
  handle: (form: PostedForm) => Promise<R> | R,
): Promise<{ response: Response; outcome?: undefined } | { response?: undefined; outcome: R | undefined }> {
  if (context.request.method !== 'POST') return { outcome: undefined };
  const form = await readPostedForm(context.request);
  let outcome: R;
  try {
    // The boundary refuses a NUL in every body it reads; a large upload's fields are first read here.
    outcome = formHasRefusedCharacter(form.data)
      ? (refuse('invalid', REFUSED_CHARACTER_MESSAGE) as R)
      : await handle(form);
  } finally {
    await form.dispose();
  }
  if (outcome.ok && outcome.response) return { response: outcome.response };
  if (outcome.ok && outcome.redirect) return { response: context.redirect(outcome.redirect, 303) };
  if (!outcome.ok) context.response.status = statusOf(outcome.code);
  return { outcome };
}

/** What a refused form shows again: its typed value of `name` when `target` was refused, else `fallback`. */
export function typedValue(
  outcome: FormOutcome | undefined,
  target: string | undefined,
  name: string,
  fallback = '',
): string {
  if (!outcome || outcome.ok || outcome.target !== target || !outcome.form) return fallback;
  return outcome.form.raw(name) ?? fallback;
}

/** Whether a checkbox shows ticked: as sent in the refused form for `target`, else `fallback`. */
export function typedChecked(
  outcome: FormOutcome | undefined,
  target: string | undefined,
  name: string,
  fallback: boolean,
): boolean {
  if (!outcome || outcome.ok || outcome.target !== target || !outcome.form) return fallback;
  return outcome.form.raw(name) === 'on';
}

/** The field errors of a refused form, when `target` was the one refused. */
export function fieldErrors(outcome: FormOutcome | undefined, target?: string): Partial<Record<string, string>> {
  return outcome && !outcome.ok && outcome.target === target ? (outcome.errors ?? {}) : {};
}

/** The page-level message of an outcome. */
export const errorOf = (outcome: FormOutcome | undefined) => (outcome && !outcome.ok ? outcome.message : undefined);
export const noticeOf = (outcome: FormOutcome | undefined) => (outcome?.ok ? outcome.notice : undefined);
