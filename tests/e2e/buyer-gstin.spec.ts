// A business purchase: the shopper gives the company's GSTIN at checkout (a typo in its check character
// is named at the field, nothing placed), the desk sees it on the order, and the tax invoice the shopper
// downloads prints it.
import { expect, test } from '@playwright/test';
import { ownerPage } from './accounts';
import { expectNoAxeViolations } from './axe';
import { whenHydrated } from './hydration';
import { pdfText } from '../support/pdf';

test('a buyer’s GSTIN is checked at checkout, shown to the desk and printed on the tax invoice', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.goto('/product/3');
  const add = page.getByRole('button', { name: 'Add to Cart' }).first();
  await whenHydrated(add);
  await add.click();
  await expect(page.getByText(/^Added .+ to cart!$/)).toBeVisible();

  await page.goto('/checkout');
  const main = page.getByRole('main');
  await whenHydrated(main.getByLabel('Email'));
  await main.getByLabel('Email').fill(`buyer.${Date.now()}@example.in`);
  await main.getByLabel(/Mobile number/).fill('98765 43210');
  await main.getByLabel('Full name').fill('Asha Rao');
  await main.getByLabel('House, street, area').fill('21 Baner Road');
  await main.getByLabel('City or town').fill('Pune');
  await main.getByLabel('State or union territory').selectOption('Maharashtra');
  await main.getByLabel('PIN code').fill('411045');
  const gstin = main.getByLabel(/GSTIN for a business purchase/);
  await gstin.fill('27AAPFU0939F1ZW');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(gstin).toHaveAccessibleDescription(
    'This GSTIN’s last character does not match the rest: please check it against the registration certificate.',
  );
  await expect(gstin).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page, 'checkout with a mistyped GSTIN');

  await gstin.fill('27aapfu0939f1zv');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order\/VA-[2-9A-HJKMNP-Z]{8}\?token=/);
  const orderLink = page.url();
  const orderNumber = new URL(orderLink).pathname.split('/').pop()!;

  const owner = await ownerPage(browser);
  await owner.goto(`/admin/orders/${orderNumber}`);
  await expect(owner.getByRole('main')).toContainText('Business purchase: GSTIN 27AAPFU0939F1ZV');
  await owner.getByRole('button', { name: 'Confirm COD order' }).click();
  await expect(owner.getByRole('status')).toContainText('Order marked confirmed');
  await owner.getByLabel('Courier').selectOption('Delhivery');
  await owner.getByLabel('Tracking number').fill('DL-GSTIN-1');
  await owner.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(owner.getByRole('status')).toContainText('Order marked shipped');

  const url = new URL(orderLink);
  const invoice = await page.request.get(`${url.pathname}/invoice.pdf${url.search}`);
  expect(invoice.status()).toBe(200);
  const text = await pdfText(Buffer.from(await invoice.body()));
  expect(text).toContain('Buyer GSTIN: 27AAPFU0939F1ZV');
  expect(text).toContain('Place of supply: Maharashtra (27)');
});
