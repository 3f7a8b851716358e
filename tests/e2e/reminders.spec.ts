// Refill and abandoned-cart reminders on a 390 px phone. The store's periodic job asks what is due at its
// moment; here the test hook (/api/test/reminders, only with TEST_HOOKS on) asks it at a moment the test
// chooses, so nothing waits real time. A guest who ticked the reminders box at checkout and whose
// three-month plan was delivered gets the refill mail; its reorder link, opened on another phone, fills
// the cart with the same product and plan; a forged one is refused and changes nothing. A customer who
// turned reminders on in their account and left a cart gets one reminder, its link brings the cart back,
// and once they order no other comes. A guest who ticks the box and leaves at checkout gets one reminder,
// and its stop link stops the second. A customer who also allowed SMS and WhatsApp marketing gets the refill
// reminder on WhatsApp too, and its stop link turns that marketing off in one tap, from any phone.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ownerPage, signUp, unique } from './accounts';
import { expectNoAxeViolations } from './axe';
import { whenHydrated } from './hydration';
import { latestMail, linkIn, mailCount } from './mail';
import { latestMessage } from './messages';

test.use({ viewport: { width: 390, height: 844 } });

const DAY = 86_400_000;

/** Runs the reminders' due-finding as if it were `now`; answers what it sent. */
async function remindersAt(request: APIRequestContext, now: Date) {
  const origin = test.info().project.use.baseURL!;
  const answer = await request.post('/api/test/reminders', { data: { now: now.toISOString() }, headers: { origin } });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as { refills: number; carts: number };
}

async function addToCart(page: Page, productId: number, months: number) {
  const origin = test.info().project.use.baseURL!;
  const added = await page.request.post('/api/cart', {
    data: { intent: 'add', productId, months, quantity: 1 },
    headers: { origin },
  });
  expect(added.ok()).toBe(true);
}

async function fillAddress(page: Page) {
  const main = page.getByRole('main');
  await main.getByLabel(/Mobile number/).fill('9876543210');
  await main.getByLabel('Full name').fill('Kavya Pillai');
  await main.getByLabel('House, street, area').fill('9 Beach Road');
  await main.getByLabel('City or town').fill('Kochi');
  await main.getByLabel('State or union territory').selectOption('Kerala');
  await main.getByLabel('PIN code').fill('682001');
}

test('a refill reminder’s reorder link fills the cart with the same product and plan; a forged one changes nothing', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const email = `refill.${unique()}@example.in`;
  await addToCart(page, 2, 3);
  await page.goto('/checkout');
  const main = page.getByRole('main');
  await main.getByLabel('Email', { exact: true }).fill(email);
  const box = main.getByLabel('Send me a reminder before my pack runs out, and if I leave items in my cart.');
  await expect(box).not.toBeChecked();
  await box.check();
  await fillAddress(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order\/VA-/);
  const orderNumber = new URL(page.url()).pathname.split('/').pop()!;

  const owner = await ownerPage(browser);
  const origin = new URL(page.url()).origin;
  const moves: Record<string, string>[] = [
    { move: 'confirm' },
    { move: 'ship', courier: 'Delhivery', trackingNumber: 'DL55500011' },
    { move: 'deliver' },
  ];
  for (const form of moves)
    expect(
      (await owner.request.post(`/admin/orders/${orderNumber}`, { form, headers: { origin } })).status(),
      form.move,
    ).toBe(200);

  // Delivered today: the three-month plan runs out in 90 days; the reminder goes seven days before.
  expect((await remindersAt(page.request, new Date(Date.now() + 80 * DAY))).refills).toBe(0);
  expect(mailCount(email, 'refill_reminder')).toBe(0);
  expect((await remindersAt(page.request, new Date(Date.now() + 84 * DAY))).refills).toBe(1);
  const mail = await latestMail(email, 'refill_reminder');
  expect(mail).toContain(`(order ${orderNumber}) runs out around`);
  const link = new URL(linkIn(mail, 'Reorder the same plan'));
  expect((await remindersAt(page.request, new Date(Date.now() + 85 * DAY))).refills).toBe(0);

  // The desk's reports have the table of refills falling due (this one is months away in real time).
  await owner.goto('/admin/reports');
  await expect(owner.getByRole('table', { name: 'Refill reminders due in the next two weeks' })).toBeVisible();

  // Another phone, nobody signed in: one tap, and the cart holds the same product on the same plan.
  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  const forged = new URL(link);
  forged.searchParams.set('m', '1');
  const refused = await phone.goto(forged.pathname + forged.search);
  expect(refused?.status()).toBe(403);
  await expect(phone.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
  await expectNoAxeViolations(phone, 'forged reorder link');
  await phone.goto('/cart');
  await expect(phone.getByText('Your cart is empty')).toBeVisible();

  await phone.goto(link.pathname + link.search);
  await expect(phone).toHaveURL(/\/cart\?notice=reorder$/);
  await expect(phone.getByText('Your plan is in your cart: the same products and plan as last time.')).toBeVisible();
  const cartMain = phone.getByRole('main');
  await expect(cartMain.getByText('3 months').first()).toBeVisible();
  await expect(phone.getByRole('link', { name: /Cart, 1 item/ })).toBeVisible();
  await expectNoAxeViolations(phone, 'cart after reorder');
});

test('an abandoned-cart reminder is sent once, brings the cart back, and none comes after ordering', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = `cart.${unique()}@example.in`;
  await signUp(page, email);
  await page.goto('/dashboard/privacy');
  await page.getByRole('button', { name: 'Turn on refill and cart reminders' }).click();
  await expect(page.getByText('Thank you: refill and cart reminders is on.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Refill and cart reminders: On' })).toBeVisible();
  await expectNoAxeViolations(page, 'privacy page with reminders on');

  await addToCart(page, 1, 1);
  const left = Date.now();
  expect((await remindersAt(page.request, new Date(left + 30 * 60_000))).carts).toBe(0);
  expect((await remindersAt(page.request, new Date(left + 2 * 3_600_000))).carts).toBe(1);
  const mail = await latestMail(email, 'cart_reminder');
  expect(mail).toContain('Subject: You left something in your cart');
  expect((await remindersAt(page.request, new Date(left + 3 * 3_600_000))).carts).toBe(0);
  expect(mailCount(email, 'cart_reminder')).toBe(1);

  // The link lands on the cart, still holding the product.
  const link = new URL(linkIn(mail, 'Return to my cart'));
  await page.goto(link.pathname + link.search);
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('link', { name: /Cart, 1 item/ })).toBeVisible();
  await expectNoAxeViolations(page, 'cart from the reminder');

  // Ordered: a day later, when the second reminder would have been due, none comes.
  await page.goto('/checkout');
  await fillAddress(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order\/VA-/);
  expect((await remindersAt(page.request, new Date(left + 27 * 3_600_000))).carts).toBe(0);
  expect(mailCount(email, 'cart_reminder')).toBe(1);
});

test('a guest who ticks the reminders box and leaves at checkout gets one reminder; its stop link stops the second', async ({
  page,
}) => {
  const email = `left.${unique()}@example.in`;
  await addToCart(page, 3, 1);
  await page.goto('/checkout');
  const main = page.getByRole('main');
  const box = main.getByLabel('Send me a reminder before my pack runs out, and if I leave items in my cart.');
  await whenHydrated(box);
  await main.getByLabel('Email', { exact: true }).fill(email);
  const told = page.waitForResponse((r) => r.url().endsWith('/api/cart/contact') && r.status() === 200);
  await box.check();
  await told;
  // The shopper leaves without placing the order.
  await page.goto('/');

  const left = Date.now();
  expect((await remindersAt(page.request, new Date(left + 2 * 3_600_000))).carts).toBe(1);
  const mail = await latestMail(email, 'cart_reminder');
  const stop = new URL(mail.match(/Unsubscribe: (\S+)/)![1]);
  await page.goto(stop.pathname + stop.search);
  await expect(page.getByText(`Stop refill and cart reminders to ${email}?`)).toBeVisible();
  await expectNoAxeViolations(page, 'stop reminders');
  await page.getByRole('button', { name: 'Stop reminders' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText(`Reminders are off for ${email}`);

  // A day later the second reminder would be due: none comes.
  expect((await remindersAt(page.request, new Date(left + 27 * 3_600_000))).carts).toBe(0);
  expect(mailCount(email, 'cart_reminder')).toBe(1);
});

test('the stop link in a WhatsApp refill reminder turns SMS and WhatsApp marketing off in one tap', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = `refill.whatsapp.${unique()}@example.in`;
  const mobile = `6${String(Date.now()).slice(-9)}`;
  await signUp(page, email);
  await page.goto('/dashboard/privacy');
  for (const title of ['refill and cart reminders', 'sms and whatsapp marketing']) {
    await page.getByRole('button', { name: `Turn on ${title}` }).click();
    await expect(page.getByText(`Thank you: ${title} is on.`)).toBeVisible();
  }

  // A one-month pack, delivered today: its reminder goes 23 days from now, by mail and on WhatsApp.
  await addToCart(page, 1, 1);
  await page.goto('/checkout');
  await fillAddress(page);
  await page
    .getByRole('main')
    .getByLabel(/Mobile number/)
    .fill(mobile);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order\/VA-/);
  const orderNumber = new URL(page.url()).pathname.split('/').pop()!;
  const owner = await ownerPage(browser);
  const origin = new URL(page.url()).origin;
  for (const form of [
    { move: 'confirm' },
    { move: 'ship', courier: 'Delhivery', trackingNumber: 'DL55500023' },
    { move: 'deliver' },
  ] as Record<string, string>[])
    expect((await owner.request.post(`/admin/orders/${orderNumber}`, { form, headers: { origin } })).status()).toBe(
      200,
    );
  await remindersAt(page.request, new Date(Date.now() + 23 * DAY));
  const message = await latestMessage('whatsapp', 'refill_reminder', `91${mobile}`);
  expect(message).toContain('To stop reminders and offers on WhatsApp and SMS, open ');
  const stop = new URL(message.match(/https?:\/\/\S+\/reminders\/stop\?\S+/)![0]);

  // Opened on the phone the message reached, nobody signed in: it asks, then one press stops it.
  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await phone.goto(stop.pathname + stop.search);
  await expect(phone.getByRole('heading', { level: 1, name: 'Stop SMS and WhatsApp messages' })).toBeVisible();
  await expect(phone.getByRole('main')).toContainText(
    `Stop refill reminders and offers by SMS and WhatsApp for ${email}?`,
  );
  await expectNoAxeViolations(phone, 'stop SMS and WhatsApp messages');
  await phone.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(phone.getByRole('main').getByRole('status')).toContainText(
    `SMS and WhatsApp marketing is off for ${email}`,
  );
  await expectNoAxeViolations(phone, 'SMS and WhatsApp messages stopped');

  // The account says so; the mail reminders, a consent of their own, stay on.
  await page.goto('/dashboard/privacy');
  await expect(page.getByRole('heading', { name: 'SMS and WhatsApp marketing: Off' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Refill and cart reminders: On' })).toBeVisible();
  await owner.context().close();
  await phone.context().close();
});
