// The one rule for a courier's public tracking page: the desk keeps each courier's address with
// {number} where the parcel's tracking number goes (features/couriers), and every place that links to
// a parcel (the order page, /track, the shipped mail and WhatsApp message) fills it in here. Pure.

export const TRACKING_NUMBER_PLACEHOLDER = '{number}';

export const COURIER_MESSAGES = {
  name: 'Enter the courier’s name (1 to 80 characters).',
  template: `Enter the courier’s tracking page as an https:// address with ${TRACKING_NUMBER_PLACEHOLDER} where the tracking number goes, e.g. https://www.delhivery.com/track-v2/package/${TRACKING_NUMBER_PLACEHOLDER}`,
  https: 'The tracking page must be an https:// address.',
  placeholder: `Put ${TRACKING_NUMBER_PLACEHOLDER} once in the address, where the tracking number goes.`,
  placeholderInHost: `Put ${TRACKING_NUMBER_PLACEHOLDER} after the site's name (in the path or the query), e.g. https://www.delhivery.com/track-v2/package/${TRACKING_NUMBER_PLACEHOLDER}`,
  tooLong: 'The tracking page address is too long (500 characters at most).',
  taken: 'A courier of that name is already on the list.',
  unknown: 'Choose a courier from the list (owners and admins add couriers at /admin/couriers).',
} as const;

/** Why this tracking-page template cannot be used, or null. */
export function trackingTemplateProblem(template: string): string | null {
  const t = template.trim();
  if (!t) return COURIER_MESSAGES.template;
  if (t.length > 500) return COURIER_MESSAGES.tooLong;
  if (!/^https:\/\//i.test(t) || /\s/.test(t)) return COURIER_MESSAGES.https;
  if (t.split(TRACKING_NUMBER_PLACEHOLDER).length !== 2 || /[{}]/.test(t.replace(TRACKING_NUMBER_PLACEHOLDER, '')))
    return COURIER_MESSAGES.placeholder;
  let url: URL;
  try {
    url = new URL(t.replace(TRACKING_NUMBER_PLACEHOLDER, 'X'));
  } catch {
    return COURIER_MESSAGES.template;
  }
  if (url.protocol !== 'https:' || !url.hostname.includes('.') || url.username || url.password)
    return COURIER_MESSAGES.https;
  // The number goes in the path or the query, never in the host: no tracking number can change whose site it is.
  const hostEnd = t.indexOf('/', 'https://'.length);
  if (hostEnd < 0 || t.indexOf(TRACKING_NUMBER_PLACEHOLDER) < hostEnd) return COURIER_MESSAGES.placeholderInHost;
  return null;
}

/**
 * The parcel's page: the template with the tracking number URL-encoded in its place, or null when the
 * template is unusable or there is no number (the order's own page then shows the courier and number).
 */
export function trackingPageUrl(
  template: string | null | undefined,
  trackingNumber: string | null | undefined,
): string | null {
  const number = trackingNumber?.trim() ?? '';
  if (!template || !number || number.length > 80 || trackingTemplateProblem(template)) return null;
  return template.trim().replace(TRACKING_NUMBER_PLACEHOLDER, encodeURIComponent(number));
}

/** How a courier's name is compared (the list holds each name once, whatever its case). */
export const courierKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();
