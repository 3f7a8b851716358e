// WhatsApp order updates on a 390 px phone: a cash-on-delivery customer who ticks "Send me order updates
// on WhatsApp" at checkout gets the placed message with the confirmation link (written by the development
// transport under DATA_DIR/messages), and the SMS with the same link; the link opens the order, which they
// confirm.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { addToCart, fillCheckout } from './checkout-form';
import { latestMessage } from './messages';

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
