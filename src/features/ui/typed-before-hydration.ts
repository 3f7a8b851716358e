// Shoppers on slow phones start typing into the server-rendered form before its island hydrates.
// Controlled inputs would wipe that text, so the island starts from what the DOM holds right now.

/** The current values of a form's named fields (text, date, textarea, checked radio), or {} on the server. */
export function typedBeforeHydration(formId: string): Record<string, string> {
  if (typeof document === 'undefined') return {};
  const form = document.getElementById(formId);
  if (!(form instanceof HTMLFormElement)) return {};
  const typed: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string' && value !== '') typed[name] = value;
  }
  return typed;
}
