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

/**
 * Whether a checkbox of the form is ticked right now, or `fallback` on the server and when the form has no
 * such box. A choice made before hydration would otherwise be put back to the island's starting state.
 */
export function checkedBeforeHydration(formId: string, name: string, fallback: boolean): boolean {
  if (typeof document === 'undefined') return fallback;
  const box = document.querySelector(
    `input[type="checkbox"][name="${name}"][form="${formId}"], #${formId} input[type="checkbox"][name="${name}"]`,
  );
  return box instanceof HTMLInputElement ? box.checked : fallback;
}
