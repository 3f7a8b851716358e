// Structured data for the home page: who runs the store and the site itself (schema.org).
export function homeJsonLd(site: URL): Record<string, unknown>[] {
  const url = new URL('/', site).href;
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      '@id': `${url}#organization`,
      name: 'Vedara Ayurveda',
      url,
      logo: new URL('/favicon.svg', site).href,
      description: 'Classical Ayurvedic wellness products, lab tested for purity and delivered across India.',
      areaServed: 'IN',
    },
    {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      '@id': `${url}#website`,
      name: 'Vedara Ayurveda',
      url,
      inLanguage: 'en-IN',
      publisher: { '@id': `${url}#organization` },
    },
  ];
}
