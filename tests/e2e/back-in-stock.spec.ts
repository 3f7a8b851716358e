// "Notify me" at 390 px: the owner sells out a product on the desk; a shopper asks to be told on its
// sold-out page (a bad address is refused with 422 and its message at the field); the confirmation mail
// carries a signed cancel link (it asks before cancelling; a forged one is refused); the owner receives a batch and the back-in-stock mail is written once. A second
// restock (after it sold out again and a second shopper asked, ticking WhatsApp) mails that second
// shopper, and writes them the WhatsApp message, and not the first again. A shopper who asks on WhatsApp
// only (no email; twice) gets the one message on the first restock, and none on the second. Every page passes axe and never scrolls sideways.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { ownerPage, unique } from './accounts';
import { expectNoAxeViolations } from './axe';
import { latestMail, linkIn } from './mail';
import { latestMessage, messagesTo } from './messages';
import { dayFromToday } from '../support/batches';

const PHONE = { width: 390, height: 844 };
/** Shilajit Gold Capsules: no other spec counts its stock. */
const PRODUCT = 8;
test.use({ viewport: PHONE });

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

/** The back-in-stock mails written to `to` so far. */
const restockMails = (to: string) => {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'mail');
  return readdirSync(dir)
    .filter((f) => f.endsWith('-back_in_stock.eml'))
    .filter((f) => readFileSync(path.join(dir, f), 'utf8').toLowerCase().includes(`to: ${to}`)).length;
};

/** On the product's desk page: removes every pack from every batch, until none is on sale. */
async function sellOut(owner: Page) {
  await owner.goto(`/admin/products/${PRODUCT}#stock`);
  const main = owner.getByRole('main');
  const onSale = main.locator('#stock strong').first();
  while ((await onSale.textContent()) !== '0') {
    const batch = main.getByLabel('Batch', { exact: true });
    const options = await batch.locator('option').allTextContents();
    const [label, left] = options
      .map((o) => [o, Number(o.match(/\((\d+) left\)/)![1])] as const)
      .find(([, n]) => n > 0)!;
    await batch.selectOption({ label });
    await main.getByLabel('Packs to remove').fill(String(left));
    await main.getByRole('button', { name: 'Remove packs' }).click();
    await expect(main.getByRole('status')).toBeVisible();
  }
}

async function receive(owner: Page, batchNumber: string) {
  await owner.goto(`/admin/products/${PRODUCT}#stock`);
  const main = owner.getByRole('main');
  await main.getByLabel('Batch number').fill(batchNumber);
  await main.getByLabel('Manufactured on').fill(dayFromToday(-10));
  await main.getByLabel('Expires on (use by)').fill(dayFromToday(720));
  await main.getByLabel('Packs received').fill('12');
  await main.getByRole('button', { name: 'Receive batch' }).click();
  await expect(main.getByRole('status')).toHaveText('Batch received: its packs are on sale now.');
}

/** Asks on the product's page: by email (empty for WhatsApp only), and on WhatsApp when a number is given. */
async function askToBeNotified(page: Page, email: string, whatsapp?: string) {
  await page.goto(`/product/${PRODUCT}`);
  const form = page.getByRole('form', { name: "Notify me when it's back" });
  if (email) await form.getByLabel('Email').fill(email);
  if (whatsapp) {
    await form.getByLabel(/Tell me on WhatsApp/).check();
    await form.getByLabel('WhatsApp number', { exact: true }).fill(whatsapp);
  }
  await form.getByRole('button', { name: 'Notify me' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText(
    email ? "We'll email you once when Shilajit Gold" : "We'll tell you once on WhatsApp when Shilajit Gold",
  );
}

test('notify me on a sold-out product: asked at 390 px, mailed once when the desk restocks it', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const owner = await ownerPage(browser, { viewport: PHONE });
  await sellOut(owner);

  // The sold-out page offers the form (a real form: it posts without JavaScript).
  await page.goto(`/product/${PRODUCT}`);
  const form = page.getByRole('form', { name: "Notify me when it's back" });
  await expect(form).toBeVisible();
  await expect(page.getByText('Out of stock')).toBeVisible();
  await expectNoAxeViolations(page, 'sold-out product with notify me');
  await noSidewaysScroll(page);

  // A bad address: 422, the message at the field, the address typed shown again.
  await form.getByLabel('Email').fill('asha-at-example');
  const [refused] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/back-in-stock') && r.request().method() === 'POST'),
    form.getByRole('button', { name: 'Notify me' }).click(),
  ]);
  expect(refused.status()).toBe(422);
  const again = page.getByRole('form', { name: "Notify me when it's back" });
  await expect(again.getByLabel('Email')).toHaveValue('asha-at-example');
  await expect(again.getByLabel('Email')).toHaveAccessibleDescription(/Please enter a valid email address/);
  await expectNoAxeViolations(page, 'notify me refused');
  await noSidewaysScroll(page);

  // Accepted: the answer page, and a confirmation mail with a cancel link.
  const first = `notify-${unique()}@example.in`;
  await again.getByLabel('Email').fill(first);
  await again.getByRole('button', { name: 'Notify me' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText("We'll email you once when Shilajit Gold");
  await expectNoAxeViolations(page, 'notify me accepted');
  await noSidewaysScroll(page);
  const confirmation = await latestMail(first, 'back_in_stock_request');
  const cancelLink = linkIn(confirmation, 'Cancel this notice');
  expect(cancelLink).toContain('/back-in-stock/cancel?');
  expect(restockMails(first)).toBe(0);

  // The cancel link asks first (a link preview cancels nothing); a forged one is refused with 400.
  await page.goto(cancelLink);
  await expect(page.getByRole('main')).toContainText('Stop the back-in-stock mail for Shilajit Gold Capsules?');
  await expect(page.getByRole('button', { name: 'Cancel the mail' })).toBeVisible();
  await expectNoAxeViolations(page, 'back-in-stock cancel page');
  await noSidewaysScroll(page);
  const forged = new URL(cancelLink);
  forged.searchParams.set('r', String(Number(forged.searchParams.get('r')) + 1));
  expect((await page.goto(forged.href))?.status()).toBe(400);
  await expect(page.getByRole('main').getByRole('alert')).toContainText('This link is not valid or has expired.');

  // A shopper asks on WhatsApp only (no email), twice: one request.
  const whatsappOnly = `7${String(Date.now()).slice(-9)}`;
  await askToBeNotified(page, '', whatsappOnly);
  await expectNoAxeViolations(page, 'notify me accepted on WhatsApp only');
  await askToBeNotified(page, '', `+91 ${whatsappOnly}`);

  // The desk restocks it: the mail is written, and the WhatsApp-only shopper's message.
  await receive(owner, `SG-${unique().slice(-6).toUpperCase()}`);
  expect(await latestMessage('whatsapp', 'back_in_stock', `91${whatsappOnly}`)).toContain(
    'Shilajit Gold Capsules is back in stock at Vedara Ayurveda',
  );
  const mail = await latestMail(first, 'back_in_stock');
  expect(mail).toContain('Shilajit Gold Capsules is back in stock');
  expect(linkIn(mail, 'See Shilajit Gold Capsules')).toMatch(new RegExp(`/product/${PRODUCT}$`));
  await page.goto(`/product/${PRODUCT}`);
  await expect(page.getByRole('form', { name: "Notify me when it's back" })).toHaveCount(0);

  // Sold out again; a second shopper asks; the second restock mails them, and not the first again.
  await sellOut(owner);
  // This one ticks WhatsApp too: the development transport writes the message.
  const second = `notify-${unique()}@example.in`;
  const mobile = `9${String(Date.now()).slice(-9)}`;
  await askToBeNotified(page, second, `+91 ${mobile}`);
  await receive(owner, `SG-${unique().slice(-6).toUpperCase()}`);
  await latestMail(second, 'back_in_stock');
  expect(await latestMessage('whatsapp', 'back_in_stock', `91${mobile}`)).toContain(
    'Shilajit Gold Capsules is back in stock at Vedara Ayurveda',
  );
  // The second restock's run has written its messages: the first shoppers got theirs once only.
  expect(restockMails(first)).toBe(1);
  expect(messagesTo('whatsapp', `91${whatsappOnly}`).map((m) => m.template)).toEqual(['back_in_stock']);
  await owner.close();
});
