// The engagement desk: the owner downloads the subscriber list, cancels an appointment (the customer
// is mailed), marks a quiz lead as called; customers get 403 everywhere; the unsubscribe link in a
// newsletter mail works without JavaScript (and for mail apps' one-click POST).
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signInOwner, signUp, unique } from './accounts';
import { expectNoAxeViolations } from './axe';
import { whenHydrated } from './hydration';
import { latestMail, linkIn } from './mail';

const DESK_PAGES = ['/admin/appointments', '/admin/leads', '/admin/subscribers', '/admin/mail'];

/** A weekday about two weeks ahead (inside the booking horizon), as YYYY-MM-DD. */
function weekdayAhead(dayOfWeek: number) {
  const date = new Date(Date.now() + 14 * 86_400_000);
  while (date.getUTCDay() !== dayOfWeek) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

const wellnessAnswers = { q1: 'e', q2: 'e', q3: 'e', q4: 'e', q5: 'e', q6: 'e', q7: 'e', q8: 'e', q9: 'e', q10: 'e' };

test('customers get 403 on every desk page, the CSV and every desk POST', async ({ page }) => {
  await signUp(page, `nosy-${unique()}@example.in`);
  const origin = new URL(page.url()).origin;
  for (const path of [...DESK_PAGES, '/admin/subscribers.csv']) {
    expect((await page.goto(path))?.status(), path).toBe(403);
  }
  const posts: [string, Record<string, string>][] = [
    ['/admin/appointments', { intent: 'cancel', id: '1' }],
    ['/admin/appointments', { intent: 'block', date: '2030-01-01', reason: 'x' }],
    ['/admin/appointments', { intent: 'horizon', horizonDays: '365' }],
    ['/admin/leads', { id: '1', status: 'converted', notes: '' }],
    ['/admin/subscribers', { intent: 'unsubscribe', id: '1' }],
    ['/admin/mail', { intent: 'retry', id: '1' }],
  ];
  for (const [path, form] of posts) {
    expect(
      (await page.request.post(path, { form, headers: { origin } })).status(),
      `POST ${path} ${form.intent ?? ''}`,
    ).toBe(403);
  }
});

test('the owner exports subscribers, cancels an appointment and marks a lead as called', async ({ page, request }) => {
  const subscriber = `reader-${unique()}@example.in`;
  expect((await request.post('/api/newsletter', { data: { email: subscriber, source: 'footer' } })).status()).toBe(201);
  const customer = `booker-${unique()}@example.in`;
  const date = weekdayAhead(2);
  expect(
    (
      await request.post('/api/appointments', {
        data: {
          name: 'Devika Menon',
          email: customer,
          phone: '9812345678',
          date,
          time: '01:00 PM',
          notes: 'Digestion after dinner',
        },
      })
    ).status(),
  ).toBe(201);
  const leadEmail = `lead-${unique()}@example.in`;
  expect(
    (
      await request.post('/api/quiz/consultation', {
        data: { name: 'Farhan Ali', email: leadEmail, phone: '9898989898', answers: wellnessAnswers },
      })
    ).status(),
  ).toBe(201);

  await signInOwner(page);
  await page.goto('/admin/mail');
  await expect(page.getByRole('heading', { name: 'Mail not delivered' })).toBeVisible();
  await expectNoAxeViolations(page, 'undelivered mail desk');

  // Subscribers: found by search, downloaded as a real CSV file.
  await page.goto('/admin/subscribers');
  await page.getByLabel('Search by email').fill(subscriber.slice(0, 14));
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('list', { name: 'Subscribers' })).toContainText(subscriber);
  await expectNoAxeViolations(page, 'subscribers desk');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^vedara-subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('email,source,subscribed_at');
  expect(csv).toContain(`${subscriber},footer,`);

  // Appointments: the day's list, then a cancellation the customer hears about.
  await page.goto(`/admin/appointments?date=${date}`);
  const card = page.getByRole('listitem').filter({ hasText: 'Devika Menon' });
  await expect(card).toContainText(customer);
  await expect(card).toContainText('9812345678');
  await expect(card).toContainText('Digestion after dinner');
  await expectNoAxeViolations(page, 'appointments desk');
  await card.getByRole('button', { name: 'Cancel Devika Menon’s appointment at 01:00 PM' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText(`Cancelled Devika Menon’s appointment`);
  await expect(page.getByRole('listitem').filter({ hasText: 'Devika Menon' })).toContainText('Cancelled');
  const mail = await latestMail(customer, 'appointment_cancelled');
  expect(mail).toContain('Your free consultation below has been cancelled');
  expect(mail).toContain(', 1:00 PM IST');

  // A closed day: the public form refuses it with the reason.
  await page.getByLabel('Day to close').fill(date);
  await page.getByLabel('Reason').fill('Team offsite');
  await page.getByRole('button', { name: 'Close day' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText('is closed for booking (Team offsite)');
  const refused = await request.post('/api/appointments', {
    data: {
      name: 'Late Comer',
      email: `late-${unique()}@example.in`,
      phone: '9812345679',
      date,
      time: '02:00 PM',
      notes: '',
    },
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).errors.date).toBe(
    'We are closed on this day (Team offsite). Please choose another date.',
  );
  // The public form's date picker stops at the horizon, lists the closed day and explains a refusal.
  await page.goto('/appointment');
  const dateField = page.getByRole('main').getByLabel('Date');
  await whenHydrated(dateField);
  await expect(dateField).toHaveAttribute('max', /^\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByText(/Monday to Friday, up to 60 days ahead\. Closed: .*\(Team offsite\)/)).toBeVisible();
  await dateField.fill(date);
  await expect(page.getByText('We are closed on this day (Team offsite). Please choose another date.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Book Appointment' })).toBeDisabled();
  await page.goto(`/admin/appointments?date=${date}`);
  await page
    .getByRole('button', { name: /^Open .* for booking$/ })
    .first()
    .click();
  await expect(page.getByRole('main').getByRole('status')).toContainText('is open for booking again');

  // Leads: the new lead with its result; marked called, it shows under that filter.
  await page.goto('/admin/leads?status=new');
  const lead = page.getByRole('listitem').filter({ hasText: leadEmail });
  await expect(lead).toContainText('Farhan Ali');
  await expect(lead).toContainText('Result:');
  await expectNoAxeViolations(page, 'leads desk');
  await lead.getByLabel('Status').selectOption('called');
  await lead.getByLabel('Staff notes').fill('Called at 5 pm; wants a sleep routine.');
  await lead.getByRole('button', { name: 'Save Farhan Ali' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Farhan Ali: marked called.');
  await page.goto('/admin/leads?status=called');
  await expect(page.getByRole('listitem').filter({ hasText: leadEmail })).toContainText('Called');
  await expect(page.getByRole('listitem').filter({ hasText: leadEmail }).getByLabel('Staff notes')).toHaveValue(
    'Called at 5 pm; wants a sleep routine.',
  );
});

test('every desk page fits a 390 px phone without scrolling sideways', async ({ page }) => {
  await signInOwner(page);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of DESK_PAGES) {
    await page.goto(path);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

test('the unsubscribe link in the welcome mail passes axe; a forged link gets a clear 400', async ({
  page,
  request,
}) => {
  const reader = `axe-reader-${unique()}@example.in`;
  expect((await request.post('/api/newsletter', { data: { email: reader } })).status()).toBe(201);
  const link = linkIn(await latestMail(reader, 'newsletter_welcome'), 'Unsubscribe');
  await page.goto(link);
  await expect(page.getByText(`Stop sending the Vedara newsletter to ${reader}?`)).toBeVisible();
  await expectNoAxeViolations(page, 'unsubscribe confirmation');
  const forged = new URL(link);
  forged.searchParams.set('email', 'someone-else@example.in');
  const answer = await page.goto(forged.href);
  expect(answer?.status()).toBe(400);
  await expect(page.getByRole('main').getByRole('alert')).toContainText('This unsubscribe link is not valid.');
  await expectNoAxeViolations(page, 'bad unsubscribe link');
});

test('mail apps can unsubscribe with one POST to the List-Unsubscribe address (RFC 8058)', async ({ request }) => {
  const reader = `one-click-${unique()}@example.in`;
  expect((await request.post('/api/newsletter', { data: { email: reader } })).status()).toBe(201);
  const mail = await latestMail(reader, 'newsletter_welcome');
  // The header may be folded onto a second line.
  const header = mail.match(/List-Unsubscribe:\s+<([^>]+)>/);
  expect(header).not.toBeNull();
  expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  // A mail provider's server: no Origin, a form body.
  const posted = await request.post(header![1], { form: { 'List-Unsubscribe': 'One-Click' } });
  expect(posted.status()).toBe(200);
  // Off the list: signing up again is a new subscription, not a duplicate.
  expect((await request.post('/api/newsletter', { data: { email: reader } })).status()).toBe(201);
  // Only that link is exempt from the cross-site form check.
  const crossSite = await request.post('/newsletter', {
    form: { email: `x-${unique()}@example.in` },
    headers: { origin: 'https://evil.example' },
  });
  expect(crossSite.status()).toBe(403);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the unsubscribe link from a newsletter mail asks, then unsubscribes', async ({ page, request }) => {
    const reader = `nojs-reader-${unique()}@example.in`;
    expect((await request.post('/api/newsletter', { data: { email: reader } })).status()).toBe(201);
    const mail = await latestMail(reader, 'newsletter_welcome');
    expect(mail).toContain('Unsubscribe any time');
    await page.goto(linkIn(mail, 'Unsubscribe'));
    await expect(page.getByText(`Stop sending the Vedara newsletter to ${reader}?`)).toBeVisible();
    await page.getByRole('main').getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      `${reader} is unsubscribed. You will get no more newsletters from us.`,
    );
    expect((await request.post('/api/newsletter', { data: { email: reader } })).status()).toBe(201);
  });
});
