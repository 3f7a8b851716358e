// WhatsApp order updates on a 390 px phone: a cash-on-delivery customer who ticks "Send me order updates
// on WhatsApp" at checkout gets the placed message with the confirmation link (written by the development
// transport under DATA_DIR/messages), and the SMS with the same link; the link opens the order, which they
// confirm. Without the tick, or after "Stop WhatsApp updates", no WhatsApp message is written: each move's
// SMS or mail says its messages were queued, and the customer's data file (the message queue's rows for
// their orders) shows none was queued on WhatsApp, so none can be written later either.
import { expect, type Page, test } from '@playwright/test';
import { ownerPage, signUp, unique } from './accounts';
import { expectNoAxeViolations } from './axe';
import { addToCart, fillCheckout } from './checkout-form';
import { latestMail } from './mail';
import { latestMessage, messagesTo } from './messages';
import { deskMoves } from './orders';

test.use({ viewport: { width: 390, height: 844 } });

test('a COD customer who opted in gets the placed message on WhatsApp and confirms the order from its link', async ({
  page,
}) => {
  const mobile = `9${String(Date.now()).slice(-9)}`;
  await addToCart(page);
  const main = await fillCheckout(page, {
    email: `whatsapp.${mobile}@example.in`,
    phone: mobile,
    delivery: { name: 'Kavya Pillai', line1: '9 Beach Road', city: 'Kochi', state: 'Kerala', pin: '682001' },
  });
  const optIn = main.getByLabel('Send me order updates on WhatsApp');
  await expect(optIn).not.toBeChecked();
  await optIn.check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order\/VA-/);
  const orderNumber = new URL(page.url()).pathname.split('/').pop()!;

  const whatsapp = await latestMessage('whatsapp', 'order_placed_cod', `91${mobile}`);
  expect(whatsapp).toContain(`Namaste Kavya Pillai, thank you for your order ${orderNumber}`);
  const link = new URL(whatsapp.match(/https?:\/\/\S+#confirm-order/)![0]);
  const sms = await latestMessage('sms', 'cod_confirmation', `91${mobile}`);
  expect(sms).toContain(link.href);

  await page.context().clearCookies();
  await page.goto(link.pathname + link.search + link.hash);
  await expect(page.getByText('Pending', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm my order' }).click();
  await expect(page.getByText('Confirmed', { exact: true })).toBeVisible();

  // The same page stops the updates with one press, no account needed.
  const updates = page.getByRole('form', { name: 'Order updates on WhatsApp' });
  await expectNoAxeViolations(page, 'order page with the WhatsApp updates form at 390 px');
  await updates.getByRole('button', { name: 'Stop WhatsApp updates' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText('WhatsApp updates are off');
  await expect(updates).toHaveCount(0);
});

/** Places the cart's order through the checkout form, ticking the WhatsApp box or not; its number. */
async function placeOrder(page: Page, email: string, mobile: string, whatsapp: boolean) {
  await addToCart(page);
  const main = await fillCheckout(page, { email, phone: mobile });
  if (whatsapp) await main.getByLabel('Send me order updates on WhatsApp').check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order\/VA-/);
  return new URL(page.url()).pathname.split('/').pop()!;
}

/** The messages the customer's data file lists for an order: what the store queued for it, on each channel. */
async function queuedFor(page: Page, orderNumber: string): Promise<{ channel: string; text: string }[]> {
  const file = await page.request.get('/dashboard/privacy/data.json');
  expect(file.status()).toBe(200);
  const data = (await file.json()) as {
    orders: { orderNumber: string; messagesSentToYou: { channel: string; text: string }[] }[];
  };
  return data.orders.find((o) => o.orderNumber === orderNumber)!.messagesSentToYou;
}

test('no WhatsApp message without the tick, and none for a shipment after "Stop WhatsApp updates"', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const email = `no-whatsapp-${unique()}@example.in`;
  const mobile = `8${String(Date.now()).slice(-9)}`;
  await signUp(page, email);

  // Without the tick: the placement's SMS comes, and nothing on WhatsApp was queued with it.
  const unticked = await placeOrder(page, email, mobile, false);
  expect(await latestMessage('sms', 'cod_confirmation', `91${mobile}`)).toContain(unticked);
  expect((await queuedFor(page, unticked)).map((m) => m.channel)).toEqual(['sms']);
  expect(messagesTo('whatsapp', `91${mobile}`)).toEqual([]);

  // Ticked on the next order: its WhatsApp message comes; then the customer stops the updates on its page.
  const ticked = await placeOrder(page, email, mobile, true);
  expect(await latestMessage('whatsapp', 'order_placed_cod', `91${mobile}`)).toContain(ticked);
  await page
    .getByRole('form', { name: 'Order updates on WhatsApp' })
    .getByRole('button', { name: 'Stop WhatsApp updates' })
    .click();
  await expect(page.getByRole('main').getByRole('status')).toContainText('WhatsApp updates are off');

  // The desk ships it: the shipped mail says the move's messages were queued; none on WhatsApp was.
  const owner = await ownerPage(browser);
  await deskMoves(owner, ticked, new URL(page.url()).origin, [
    { move: 'confirm' },
    { move: 'ship', courier: 'Delhivery', trackingNumber: 'DL424242' },
  ]);
  expect(await latestMail(email, 'order_shipped')).toContain(ticked);
  const queued = await queuedFor(page, ticked);
  expect(queued.filter((m) => m.channel === 'whatsapp').map((m) => m.text)).toEqual([
    expect.stringContaining(`thank you for your order ${ticked}`),
  ]);
  expect(messagesTo('whatsapp', `91${mobile}`).map((m) => m.template)).toEqual(['order_placed_cod']);
  await owner.context().close();
});
