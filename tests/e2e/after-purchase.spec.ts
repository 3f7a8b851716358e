// After purchase, on a 390 px phone: the appointment mail's signed link reschedules and cancels the
// appointment without signing in (a forged link gets a clear 403 page); an owner keeps the courier
// list (a tracking page that is not https is refused), ships with a courier of it, and the customer's
// order page, /track and the shipped mail link to the parcel on the courier's site.
import { expect, type Page, test } from '@playwright/test';
import { ownerPage, unique } from './accounts';
import { expectNoAxeViolations } from './axe';
import { latestMail, linkIn } from './mail';

test.use({ viewport: { width: 390, height: 844 } });

/** A weekday `weeks` ahead (inside the booking horizon), as YYYY-MM-DD. */
function weekdayAhead(weeks: number, dayOfWeek: number) {
  const date = new Date(Date.now() + weeks * 7 * 86_400_000);
  while (date.getUTCDay() !== dayOfWeek) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}
/** The path and query of a link in a mail (the mail names the configured site; the tests talk to this server). */
const onThisServer = (url: string) => {
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`;
};

test('the appointment mail’s signed link moves and then cancels the appointment, no account needed', async ({
  page,
  request,
}) => {
  const email = `appointment-${unique()}@example.in`;
  const [first, second] = [weekdayAhead(2, 3), weekdayAhead(2, 4)]; // a Wednesday, the Thursday after
  const booked = await request.post('/api/appointments', {
    data: { name: 'Asha Rao', email, phone: '+91 98765 43210', date: first, time: '10:00 AM', notes: '' },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const mail = await latestMail(email, 'appointment_confirmation');
  const when = new Date(`${first}T00:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  expect(mail).toContain(`When: ${when}, 10:00 AM IST`);
  // The calendar file rides along (its content is checked in manage-appointment.server.test.ts).
  expect(mail).toMatch(/Content-Type: text\/calendar;[\s\S]*?method=PUBLISH/i);
  expect(mail).toMatch(/filename=appointment\.ics/);
  const link = onThisServer(linkIn(mail, 'Reschedule or cancel'));

  const forged = await page.goto(link.replace(/s=([\w-])/, (_, c) => `s=${c === 'A' ? 'B' : 'A'}`));
  expect(forged?.status()).toBe(403);
  await expect(page.getByRole('main').getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
  await expect(
    page.getByRole('main').getByText('Please use the link in your appointment email exactly as it is.'),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'forged appointment link');

  expect((await page.goto(link))?.status()).toBe(200);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Booked' })).toBeVisible();
  await expect(main.getByText(`${when}, 10:00 AM IST`)).toBeVisible();
  await expectNoAxeViolations(page, 'manage appointment');

  await main.getByLabel('New day').fill(second);
  await main.getByRole('button', { name: 'Show free times' }).click();
  await main.getByLabel(/^Time on /).selectOption('02:30 PM');
  await main.getByRole('button', { name: 'Move my appointment' }).click();
  await expect(main.getByRole('status')).toContainText('Done: your consultation is now on');
  await expect(main.getByText(/, 2:30 PM IST$/)).toBeVisible();
  await expectNoAxeViolations(page, 'appointment moved');
  expect(await latestMail(email, 'appointment_rescheduled')).toContain('You moved your free consultation from');

  await main.getByRole('button', { name: 'Cancel my appointment' }).click();
  await expect(main.getByRole('status')).toContainText('is cancelled');
  await expect(main.getByRole('heading', { name: 'Cancelled' })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Move my appointment' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'appointment cancelled');
  expect(await latestMail(email, 'appointment_cancelled')).toMatch(/filename=appointment-cancelled\.ics/);
  // The slot is free again for anyone.
  const slots = await request.get(`/api/appointments/slots?date=${second}`);
  expect(((await slots.json()) as { booked: string[] }).booked).not.toContain('02:30 PM');
});

async function shipWith(owner: Page, orderNumber: string, courier: string, trackingNumber: string) {
  await owner.goto(`/admin/orders/${orderNumber}`);
  await owner.getByRole('button', { name: 'Confirm COD order' }).click();
  await expect(owner.getByRole('main').getByRole('status')).toContainText('Order marked confirmed');
  await owner.getByLabel('Courier').selectOption(courier);
  await owner.getByLabel('Tracking number').fill(trackingNumber);
  await owner.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(owner.getByRole('main').getByRole('status')).toContainText('Order marked shipped');
}

test('an owner adds a courier; an order shipped with it links to the parcel from the order page, /track and the mail', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await ownerPage(browser, { viewport: { width: 390, height: 844 } });
  const name = `Ekart ${unique()}`;
  await owner.goto('/admin/couriers');
  const add = owner.getByRole('form', { name: 'Add a courier' });
  await add.getByLabel('Name').fill(name);
  await add.getByLabel('Tracking page').fill('http://ekartlogistics.com/shipmenttrack/{number}');
  await add.getByRole('button', { name: 'Add the courier' }).click();
  await expect(add.getByText('The tracking page must be an https:// address.')).toBeVisible();
  await expect(add.getByLabel('Tracking page')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(owner, 'courier list, refused');
  await add.getByLabel('Tracking page').fill('https://ekartlogistics.com/shipmenttrack/{number}');
  await add.getByRole('button', { name: 'Add the courier' }).click();
  await expect(owner.getByRole('main').getByRole('status')).toHaveText(`${name} is on the courier list.`);
  await expectNoAxeViolations(owner, 'courier list');

  const email = `parcel-${unique()}@example.in`;
  expect(
    (await request.post('/api/cart', { data: { intent: 'add', productId: 3, months: 1, quantity: 1 } })).ok(),
  ).toBe(true);
  const placed = await request.post('/api/checkout', {
    data: {
      email,
      phone: '9876543210',
      idempotencyKey: `parcel-${unique()}-abcdef`,
      address: { name: 'Asha Rao', line1: '7 Lake Road', line2: '', city: 'Pune', state: 'Maharashtra', pin: '411001' },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { orderNumber } = (await placed.json()) as { orderNumber: string };
  await shipWith(owner, orderNumber, name, 'EK 123/45');
  const parcel = 'https://ekartlogistics.com/shipmenttrack/EK%20123%2F45';

  const shipped = await latestMail(email, 'order_shipped');
  expect(shipped).toContain(`Follow the parcel on ${name}’s site: ${parcel}`);
  await page.goto(onThisServer(linkIn(shipped, 'See your order')));
  const link = page.getByRole('main').getByRole('link', { name: new RegExp(`^Track the parcel on ${name}’s site`) });
  await expect(link).toHaveAttribute('href', parcel);
  await expectNoAxeViolations(page, 'order page with the parcel link');

  await page.goto('/track');
  await page.getByRole('main').getByLabel('Order ID').fill(orderNumber);
  await page.getByRole('main').getByLabel('Email').fill(email);
  await page.getByRole('main').getByRole('button', { name: 'Track Order' }).click();
  await expect(page.getByRole('main').getByRole('link', { name: /^Track the parcel on / })).toHaveAttribute(
    'href',
    parcel,
  );
  await expectNoAxeViolations(page, 'track with the parcel link');
  await owner.context().close();
});
