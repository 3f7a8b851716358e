// Newsletter sign-up. Server-rendered as a plain form posting to /newsletter (works before JS);
// once hydrated it submits in place and shows the spec's messages. The input is uncontrolled so
// whatever a shopper typed before hydration survives it.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import Honeypot, { honeypotValue } from '../abuse/Honeypot';
import { NEWSLETTER_MESSAGES, NEWSLETTER_MESSAGE_MS, normaliseEmail, type NewsletterStatus } from './newsletter';

interface Props {
  idPrefix: string;
  tone?: 'light' | 'dark';
  source?: string;
  /** Id of the heading that names this form, so two sign-ups on one page are told apart. */
  labelledBy?: string;
}

export default function NewsletterForm({ idPrefix, tone = 'light', source = idPrefix, labelledBy }: Props) {
  const [submitting, setSubmitting] = useState(false);
  const [result, setResult] = useState<{ status: NewsletterStatus; message: string } | null>(null);
  const inFlight = useRef(false);

  useEffect(() => {
    if (!result) return;
    const timer = setTimeout(() => setResult(null), NEWSLETTER_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [result]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return; // repeated submits are ignored
    const form = event.currentTarget;
    const email = String(new FormData(form).get('email') ?? '');
    if (!normaliseEmail(email)) {
      setResult({ status: 'invalid', message: NEWSLETTER_MESSAGES.invalid });
      return;
    }
    inFlight.current = true;
    setSubmitting(true);
    try {
      const response = await fetch('/api/newsletter', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, source, website: honeypotValue(form) }),
      });
      const body = (await response.json()) as { status: NewsletterStatus; message: string };
      setResult(body);
      if (body.status === 'success') form.reset();
    } catch {
      setResult({ status: 'unexpected', message: NEWSLETTER_MESSAGES.unexpected });
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  }

  const dark = tone === 'dark';
  const good = result?.status === 'success' || result?.status === 'duplicate';
  return (
    <form
      action="/newsletter"
      method="post"
      noValidate
      onSubmit={onSubmit}
      className="w-full max-w-md"
      aria-labelledby={labelledBy}
      aria-describedby={`${idPrefix}-newsletter-message`}
    >
      <input type="hidden" name="source" value={source} />
      <Honeypot idPrefix={`${idPrefix}-newsletter`} />
      <label
        htmlFor={`${idPrefix}-newsletter-email`}
        className={`mb-1 block text-sm font-medium ${dark ? 'text-brand-100' : 'text-ink'}`}
      >
        Email address
      </label>
      <div className="flex gap-2">
        <input
          id={`${idPrefix}-newsletter-email`}
          name="email"
          type="email"
          required
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          aria-invalid={result?.status === 'invalid' || undefined}
          className="w-full min-w-0 flex-1 rounded-full border border-gray-500 bg-white px-4 py-2.5 text-ink placeholder:text-gray-600"
        />
        <button
          type="submit"
          disabled={submitting}
          className={
            dark
              ? 'inline-flex items-center justify-center rounded-full bg-brand-200 px-5 py-2.5 font-semibold text-leaf-900 hover:bg-white disabled:opacity-60'
              : 'btn-primary'
          }
        >
          {submitting ? 'Subscribing…' : 'Subscribe'}
        </button>
      </div>
      <p
        id={`${idPrefix}-newsletter-message`}
        role="status"
        className={`mt-2 min-h-5 text-sm font-medium ${good ? (dark ? 'text-brand-100' : 'text-leaf-700') : dark ? 'text-red-200' : 'text-red-700'}`}
      >
        {result?.message}
      </p>
    </form>
  );
}
