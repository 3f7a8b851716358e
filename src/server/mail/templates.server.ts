// Mail layout in the store's style: every template gives a subject, a plain-text and an HTML body.
import { env } from '../config/env.server';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** Who sends every mail, as configured (the seller's legal name and registered address, customer care). */
export function storeMailFooter(): string {
  const config = env();
  return [config.STORE_LEGAL_NAME, config.STORE_ADDRESS, config.STORE_CARE_EMAIL, config.STORE_CARE_PHONE].join(' · ');
}

/** Rows of label/value pairs, a greeting and paragraphs, rendered as text and as simple HTML. */
export function renderMail({
  subject,
  greeting,
  paragraphs,
  details = [],
  action,
  secondAction,
  unsubscribeUrl,
  footer = storeMailFooter(),
}: {
  subject: string;
  greeting: string;
  paragraphs: string[];
  details?: [string, string][];
  /** A button (and its plain link in the text part), e.g. "Verify email". */
  action?: { label: string; url: string };
  /** A second way on, shown as a plain link under the button (and in the text part the same way). */
  secondAction?: { label: string; url: string };
  /** Newsletter mail: the one-click unsubscribe link, in the footer. */
  unsubscribeUrl?: string;
  footer?: string;
}): MailContent {
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...details.map(([k, v]) => `${k}: ${v}`),
    ...(action ? ['', `${action.label}: ${action.url}`] : []),
    ...(secondAction ? [`${secondAction.label}: ${secondAction.url}`] : []),
    '',
    '—',
    footer,
    ...(unsubscribeUrl ? [`Unsubscribe: ${unsubscribeUrl}`] : []),
  ].join('\n');
  const html = `<!doctype html><html lang="en"><body style="margin:0;background:#fbf7ef;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#1c4023;color:#f3ead7;padding:18px 24px;font-size:20px;font-weight:bold;font-family:Georgia,serif">Vedara Ayurveda</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.6">
<p style="margin:0 0 12px">${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p style="margin:0 0 12px">${escapeHtml(p)}</p>`).join('\n')}
${action ? `<p style="margin:16px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#1c4023;color:#ffffff;padding:12px 22px;border-radius:999px;text-decoration:none;font-weight:bold">${escapeHtml(action.label)}</a></p>` : ''}
${secondAction ? `<p style="margin:0 0 16px"><a href="${escapeHtml(secondAction.url)}" style="color:#1c4023;font-weight:bold">${escapeHtml(secondAction.label)}</a></p>` : ''}
${details.length ? `<table role="presentation" cellpadding="6" style="border-collapse:collapse;margin:8px 0 12px">${details.map(([k, v]) => `<tr><td style="color:#7a4510;font-weight:bold">${escapeHtml(k)}</td><td>${escapeHtml(v)}</td></tr>`).join('')}</table>` : ''}
</td></tr>
<tr><td style="background:#f3ead7;color:#5b4a2e;padding:14px 24px;font-size:12px">${escapeHtml(footer)}${unsubscribeUrl ? `<br><a href="${escapeHtml(unsubscribeUrl)}" style="color:#5b4a2e">Unsubscribe</a>` : ''}</td></tr>
</table></td></tr></table></body></html>`;
  return { subject, text, html };
}
