// Every product page declares what Indian rules ask of an online listing (docs/decisions/0077-product-declarations.md):
// the seed's Shilajit resin (an Ayurvedic medicine, 20 g) and Melatonin gummies (a health supplement made
// by a contract manufacturer), read as a shopper would, with and without JavaScript, and as search engines read them.
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';

const declaration = (page: Page, term: string) =>
  page
    .getByRole('region', { name: 'Product details and declarations' })
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd');
const unitPriceRow = (page: Page, choice: string) =>
  page
    .getByRole('table', { name: 'Unit sale price of each pack choice' })
    .getByRole('row', { name: new RegExp(`^${choice}`) });

test('an Ayurvedic medicine shows every declaration, its AYUSH licence and a unit price for each pack choice', async ({
  page,
}) => {
  await page.goto('/product/1');
  const section = page.getByRole('region', { name: 'Product details and declarations' });
  await expect(declaration(page, 'Common name')).toHaveText('Purified Shilajit resin (Asphaltum punjabianum)');
  await expect(declaration(page, 'Net quantity')).toHaveText('20 g per pack');
  await expect(declaration(page, 'MRP')).toHaveText('₹1,499 per pack of 20 g (inclusive of all taxes)');
  await expect(declaration(page, 'Manufactured by')).toHaveText(
    'Vedara Ayurveda Pvt. Ltd., Plot 14, Industrial Area, Haridwar, Uttarakhand 249401, India',
  );
  await expect(declaration(page, 'Country of origin')).toHaveText('India');
  await expect(declaration(page, 'Best before')).toHaveText(/^36 months from the date of manufacture/);
  await expect(declaration(page, 'AYUSH manufacturing licence number')).toHaveText('UA/AYUR-112/2015');
  await expect(declaration(page, 'Recommended daily usage')).toHaveText(/pea-sized portion/);
  await expect(declaration(page, 'Consumer care')).toContainText('care@vedara.in');
  await expect(declaration(page, 'Consumer care')).toContainText('+91 98765 43210');
  await expect(section).not.toContainText('HEALTH SUPPLEMENT');

  // ₹ per g for each choice: n months are n packs (999 ÷ 20, 2 × 949 ÷ 40, 3 × 899 ÷ 60, 4 × 849 ÷ 80).
  await expect(unitPriceRow(page, '1 month')).toContainText('₹49.95 per g');
  await expect(unitPriceRow(page, '2 months')).toContainText('₹47.45 per g');
  await expect(unitPriceRow(page, '3 months')).toContainText('₹44.95 per g');
  await expect(unitPriceRow(page, '4 months')).toContainText('₹42.45 per g');
  await expect(unitPriceRow(page, '2 months')).toContainText('MRP ₹2,998');
  await expect(page.getByText(/Inclusive of all taxes · ₹49\.95 per g/)).toBeVisible();

  const jsonLd = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').allTextContents()).find((text) =>
      text.includes('"Product"'),
    ) ?? '{}',
  );
  expect(jsonLd).toMatchObject({
    countryOfOrigin: { name: 'India' },
    manufacturer: { name: 'Vedara Ayurveda Pvt. Ltd.' },
    weight: { value: 20, unitCode: 'GRM' },
  });
  expect(
    jsonLd.offers.priceSpecification.map((spec: { name: string; price: string }) => `${spec.name}: ${spec.price}`),
  ).toEqual(['1 month: 49.95', '2 months: 47.45', '3 months: 44.95', '4 months: 42.45']);
  // This server has no licence, GMP certificate or testing laboratory configured: the footer shows no
  // badge rather than a bare one.
  await expect(page.getByRole('contentinfo')).toContainText('Grievance');
  await expect(page.getByRole('list', { name: 'Certifications' })).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).not.toContainText(/FSSAI|AYUSH|GMP|Lab tested/i);
  await section.scrollIntoViewIfNeeded();
  await expectNoAxeViolations(page, 'product page declarations');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a health supplement says so, names its manufacturer and marketer, its FSSAI licence and ₹ per gummy', async ({
    page,
  }) => {
    await page.goto('/product/4');
    await expect(
      page
        .getByRole('region', { name: 'Product details and declarations' })
        .getByText('HEALTH SUPPLEMENT', { exact: true }),
    ).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: 'Product details and declarations' })
        .getByText('NOT FOR MEDICINAL USE', { exact: true }),
    ).toBeVisible();
    await expect(page.getByText('HEALTH SUPPLEMENT · NOT FOR MEDICINAL USE')).toBeVisible();
    await expect(declaration(page, 'Manufactured by')).toHaveText(
      /^Shivalik Nutraceuticals Pvt\. Ltd\., .*Baddi, Himachal Pradesh/,
    );
    await expect(declaration(page, 'Packed and marketed by')).toHaveText(/^Vedara Ayurveda Pvt\. Ltd\., .*Haridwar/);
    await expect(declaration(page, 'FSSAI licence number')).toHaveText('10026051000123');
    await expect(declaration(page, 'Net quantity')).toHaveText('30 gummies per pack');
    // 549 ÷ 30, 2 × 522 ÷ 60, 3 × 494 ÷ 90, 4 × 467 ÷ 120, to the nearest paisa.
    for (const [choice, price] of [
      ['1 month', '₹18.30'],
      ['2 months', '₹17.40'],
      ['3 months', '₹16.47'],
      ['4 months', '₹15.57'],
    ]) {
      await expect(unitPriceRow(page, choice)).toContainText(`${price} per gummy`);
    }
  });
});
