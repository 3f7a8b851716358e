// The desk form's declaration fields, filled as a product on sale needs them (docs/decisions/0077-product-declarations.md).
export const COMPLETE_DECLARATIONS = {
  kind: 'supplement',
  commonName: 'Brahmi herbal drops',
  manufacturerName: 'Vedara Ayurveda Pvt. Ltd.',
  manufacturerAddress: 'Plot 14, Industrial Area, Haridwar, Uttarakhand 249401, India',
  packerName: '',
  packerAddress: '',
  netQuantity: '30',
  netQuantityUnit: 'ml',
  countryOfOrigin: 'India',
  bestBeforeMonths: '24',
  licenceNumber: '10026051000123',
  dailyUsage: '20 drops a day in warm water.',
} as const;
