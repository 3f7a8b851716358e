// A form field people never see or hear: only a bot fills it. The server then answers as if the
// form had worked, and stores and mails nothing.
export const HONEYPOT_FIELD = 'website';

export function isHoneypotFilled(raw: unknown): boolean {
  if (typeof raw !== 'object' || raw === null) return false;
  const value = (raw as Record<string, unknown>)[HONEYPOT_FIELD];
  return typeof value === 'string' ? value.trim() !== '' : value != null;
}
