// A courier's public tracking page for a tracking number, for the couriers whose page takes the number in
// its address; null for the others (the order's own page shows the courier and the number). Pure.
const TRACKING_PAGES: { name: RegExp; page: (number: string) => string }[] = [
  { name: /^delhivery$/i, page: (n) => `https://www.delhivery.com/track-v2/package/${n}` },
  {
    name: /^blue ?dart$/i,
    page: (n) => `https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo=${n}`,
  },
];

export function courierTrackingUrl(courier: string, trackingNumber: string): string | null {
  const number = trackingNumber.trim();
  if (!/^[A-Za-z0-9-]{4,40}$/.test(number)) return null;
  const known = TRACKING_PAGES.find((c) => c.name.test(courier.trim()));
  return known ? known.page(encodeURIComponent(number)) : null;
}
