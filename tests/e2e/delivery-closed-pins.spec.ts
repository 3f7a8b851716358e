// The desk's list of PIN codes closed to delivery at 390 px: the owner closes a PIN code (a malformed
// one is refused at its field), the product page's PIN check then says "We can't take orders to this
// PIN yet" for it, and opening it again brings the delivery date back. The desk page passes axe and
// never scrolls sideways.
import { expect, test } from '@playwright/test';
import { ownerPage } from './accounts';
import { expectNoAxeViolations } from './axe';

const PHONE = { width: 390, height: 844 };
/** Jaipur GPO: no other spec checks it. */
const PIN = '302001';
test.use({ viewport: PHONE });

test('the owner closes a PIN code to delivery and opens it again; the PIN check follows', async ({ page, browser }) => {
  const owner = await ownerPage(browser, { viewport: PHONE });
  const main = owner.getByRole('main');
  await owner.goto('/admin/delivery');
  await expect(owner.getByRole('heading', { level: 1, name: 'Delivery' })).toBeVisible();
  const list = main.getByRole('region', { name: 'PIN codes closed to delivery' });

  await list.getByLabel('PIN code').fill('30200');
  await list.getByRole('button', { name: 'Close to delivery' }).click();
  await expect(list.getByLabel('PIN code')).toHaveAccessibleDescription('Enter a 6-digit PIN code.');
  await expect(list.getByLabel('PIN code')).toHaveValue('30200');
  await expectNoAxeViolations(owner, 'delivery desk, PIN refused');

  await list.getByLabel('PIN code').fill(PIN);
  await list.getByLabel(/Why/).fill('Courier paused');
  await list.getByRole('button', { name: 'Close to delivery' }).click();
  await expect(main.getByRole('status')).toHaveText(
    `PIN code ${PIN} is now closed to delivery: the store takes no orders there.`,
  );
  await expect(list.getByRole('listitem')).toContainText(`${PIN} · Courier paused`);
  await expectNoAxeViolations(owner, 'delivery desk with a closed PIN');
  expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  await page.goto(`/product/2?pin=${PIN}`);
  const result = page.locator('#delivery-check').getByRole('status');
  await expect(result).toHaveText("We can't take orders to this PIN yet");

  await list.getByRole('button', { name: `Open again PIN code ${PIN}` }).click();
  await expect(main.getByRole('status')).toHaveText(`PIN code ${PIN} is open to delivery again.`);
  await page.goto(`/product/2?pin=${PIN}`);
  await expect(result).toContainText('Delivers to Jaipur, Rajasthan by');
  await owner.close();
});
