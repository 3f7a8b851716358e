// Grievances and data rights as a customer and the store owner see them (issue 24 parts 5 and 6): a
// customer files a grievance from the footer, gets a ticket at once and a mail, follows it by the mail's
// link, and reads the answer the owner gave at the grievance desk; a customer downloads their data and
// deletes their account, and the invoice of their shipped order remains with its tax fields; withdrawing
// marketing consent in one click from a newsletter stops the next one.
import { expect, type Page, test } from '@playwright/test';
import { ownerPage, signUp, unique } from './accounts';
import { expectNoAxeViolations } from './axe';
import { latestMail, linkIn } from './mail';
import { pdfText } from '../support/pdf';

async function download(page: Page, link: ReturnType<Page['getByRole']>) {
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
  return { filename: file.suggestedFilename(), bytes: Buffer.concat(await (await file.createReadStream()).toArray()) };
}

test('a customer files a grievance, gets a ticket at once, follows it and reads the answer the desk sent', async ({
  page,
  browser,
}) => {
  const email = `grievance-${unique()}@example.in`;
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Grievances' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'File a grievance' })).toBeVisible();
  await expectNoAxeViolations(page, 'grievance form');

  // A form sent half-filled says what is missing, beside each field.
  await page.getByRole('button', { name: 'Send grievance' }).click();
  await expect(page.getByText('Please enter your name.').first()).toBeVisible();
  await expect(page.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Your name').fill('Kiran Desai');
  await page.getByRole('main').getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('What is it about?').selectOption({ label: 'Delivery' });
  await page.getByLabel('Your grievance').fill('My parcel shows delivered but never reached me.');
  await page.getByRole('button', { name: 'Send grievance' }).click();

  const status = page.getByRole('main').getByRole('status');
  await expect(status).toContainText(/Your grievance is registered as ticket GRV-\d{4}-\d{6}\./);
  const ticket = (await status.textContent())!.match(/GRV-\d{4}-\d{6}/)![0];
  await expect(page.getByRole('heading', { level: 1, name: `Grievance ${ticket}` })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Open');
  await expect(page.getByRole('main')).toContainText('Not answered yet.');
  await expectNoAxeViolations(page, 'grievance ticket');

  // The acknowledgement mail, with the link that opens the ticket from anywhere.
  const ack = await latestMail(email, 'grievance_acknowledged');
  expect(ack).toContain(`We have received your grievance ${ticket}`);
  const follow = linkIn(ack, 'Follow your ticket');
  const elsewhere = await (await browser.newContext()).newPage();
  await elsewhere.goto(follow);
  await expect(elsewhere.getByRole('heading', { level: 1, name: `Grievance ${ticket}` })).toBeVisible();
  // Without the link's token, a ticket is nobody's business.
  const bare = await elsewhere.goto(`/grievances/${ticket}`);
  expect(bare?.status()).toBe(404);

  // The owner answers at the grievance desk.
  const owner = await ownerPage(browser);
  await owner.goto('/admin/grievances');
  await expectNoAxeViolations(owner, 'grievance desk');
  await owner.getByRole('link', { name: ticket }).click();
  await expect(owner.getByRole('heading', { level: 1, name: `Grievance ${ticket}` })).toBeVisible();
  await expect(owner.getByText('My parcel shows delivered but never reached me.')).toBeVisible();
  // Opening it is logged, and the ticket's page shows who opened it (a guest's ticket has no customer page).
  const opened = owner.getByRole('table', { name: /^Who opened this ticket’s data/ });
  await expect(opened.getByRole('row').filter({ hasText: 'Store Owner (owner@vedara.test)' }).first()).toContainText(
    `grievance · grievance ${ticket}`,
  );
  // Seeing it on the desk's list was an opening too.
  await expect(opened.getByRole('row').filter({ hasText: 'grievances list' })).toContainText('owner@vedara.test');
  await expectNoAxeViolations(owner, 'grievance at the desk');
  const answer = 'The courier confirmed a wrong delivery; a replacement left today and you will get it by Friday.';
  await owner.getByLabel(/Your answer/).fill(answer);
  await owner.getByRole('button', { name: 'Send answer' }).click();
  await expect(owner.getByRole('main').getByRole('status')).toHaveText(
    `Ticket ${ticket} is answered and the answer is mailed to the customer.`,
  );

  // The customer's ticket now shows the answer, which also came by mail.
  await elsewhere.goto(follow);
  await expect(elsewhere.getByRole('main')).toContainText('Answered');
  await expect(elsewhere.getByText(answer)).toBeVisible();
  expect(await latestMail(email, 'grievance_answered')).toContain(answer);
});

test('a grievance is one click away on every order page and in the privacy notice', async ({ page }) => {
  await page.goto('/Privacy');
  await expect(page.getByRole('main').getByRole('link', { name: 'grievance form' })).toHaveAttribute(
    'href',
    '/grievances',
  );
  await page.goto('/grievances?order=VA-7K2M9QXD');
  await expect(page.getByLabel('Order number (optional)')).toHaveValue('VA-7K2M9QXD');
  await expect(page.getByLabel('What is it about?')).toHaveValue('order');
});

test('a customer downloads their data and deletes their account; the invoice of their order remains', async ({
  page,
  browser,
}) => {
  const email = `erase-${unique()}@example.in`;
  await signUp(page, email, 'tulsi-leaf-42', 'Tanvi Kulkarni');
  const origin = new URL(page.url()).origin;
  expect(
    (
      await page.request.post('/api/cart', {
        data: { intent: 'add', productId: 1, months: 1, quantity: 1 },
        headers: { origin },
      })
    ).ok(),
  ).toBe(true);
  const placed = await page.request.post('/api/checkout', {
    headers: { origin },
    data: {
      email,
      phone: '9876501234',
      idempotencyKey: `erase-${unique()}-abcdef`,
      usePoints: false,
      address: {
        name: 'Tanvi Kulkarni',
        line1: '4 Shivaji Path',
        line2: '',
        city: 'Pune',
        state: 'Maharashtra',
        pin: '411001',
      },
    },
  });
  expect(placed.status()).toBe(201);
  const { orderNumber } = (await placed.json()) as { orderNumber: string };
  const owner = await ownerPage(browser);
  for (const form of [
    { move: 'confirm' },
    { move: 'ship', courier: 'Delhivery', trackingNumber: 'DL555000111' },
  ] as Record<string, string>[]) {
    expect((await owner.request.post(`/admin/orders/${orderNumber}`, { form, headers: { origin } })).status()).toBe(
      200,
    );
  }

  // Every order page offers the grievance form, with the order filled in.
  await page.goto(`/orders/${orderNumber}`);
  await expect(page.getByRole('main').getByRole('link', { name: 'File a grievance' })).toHaveAttribute(
    'href',
    `/grievances?order=${orderNumber}`,
  );

  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Privacy and your data' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy and your data' })).toBeVisible();
  await expectNoAxeViolations(page, 'privacy and your data');

  // Download my data: one JSON file with the account, the order and its invoice.
  const { filename, bytes } = await download(page, page.getByRole('link', { name: 'Download my data' }));
  expect(filename).toMatch(/^vedara-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(bytes.toString('utf8'));
  expect(data.account).toMatchObject({ email, name: 'Tanvi Kulkarni' });
  expect(data.orders).toHaveLength(1);
  expect(data.orders[0]).toMatchObject({
    orderNumber,
    phone: '9876501234',
    address: expect.objectContaining({ line1: '4 Shivaji Path' }),
  });
  const invoiceNumber: string = data.orders[0].invoice.invoiceNumber;
  expect(invoiceNumber).toMatch(/^VED\/\d{2}-\d{2}\/\d{6}$/);
  expect(data.sessions.length).toBeGreaterThan(0);
  // The owner's openings of the order's desk page (each move re-renders it) are in the file.
  expect(data.staffWhoOpenedYourData).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ what: 'order page', staffRole: 'owner', record: 'order', recordRef: orderNumber }),
    ]),
  );
  expect(JSON.stringify(data)).not.toContain('"password":"$');

  // Delete my account: refused without the confirmation word, then done.
  await page.getByLabel('Type DELETE to confirm').fill('yes');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('To delete your account, type DELETE in the box.');
  await page.getByLabel('Type DELETE to confirm').fill('DELETE');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your account is deleted' })).toBeVisible();
  await expectNoAxeViolations(page, 'account deleted');
  expect(await latestMail(email, 'account_erased')).toContain('we have deleted your Vedara Ayurveda account');

  // Signed out everywhere; the account is gone.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/sign-in/);
  const again = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: 'tulsi-leaf-42' },
    headers: { origin },
  });
  expect(again.ok()).toBe(false);

  // The invoice remains: same number, GSTIN, place of supply, tax and total; no name, address, phone or email.
  await owner.goto(`/admin/orders/${orderNumber}`);
  await expect(owner.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
  const pdf = await owner.request.get(`/admin/orders/${orderNumber}/invoice.pdf`);
  expect(pdf.status()).toBe(200);
  const text = await pdfText(await pdf.body());
  expect(text).toContain(`Invoice number: ${invoiceNumber}`);
  expect(text).toContain('Place of supply: Maharashtra (27)');
  expect(text).toContain('IGST');
  expect(text).toContain('Invoice total (Rs.):');
  expect(text).toContain("details erased at the customer's request");
  for (const trace of ['Tanvi', 'Shivaji', '9876501234', email]) expect(text).not.toContain(trace);
  // The order's page lists who opened its customer's data, the invoice download too, after the erasure.
  await owner.reload();
  const opened = owner.getByRole('table', { name: /^Who opened this order’s customer data/ });
  await expect(opened.getByRole('row').filter({ hasText: 'invoice PDF' })).toContainText(
    'Store Owner (owner@vedara.test)',
  );
  await expect(opened.getByRole('row').filter({ hasText: 'order page' }).first()).toContainText('owner');
  await expectNoAxeViolations(owner, 'order desk with its access log');
});

test('withdrawing marketing consent in one click from a newsletter stops the next one', async ({ page, browser }) => {
  const email = `consent-${unique()}@example.in`;
  await signUp(page, email);
  await page.goto('/dashboard/privacy');
  const mailConsent = page.getByRole('heading', { name: /^Marketing mail:/ });
  await expect(mailConsent).toHaveText('Marketing mail: Off');
  await page.getByRole('button', { name: 'Turn on marketing mail' }).click();
  await expect(mailConsent).toHaveText('Marketing mail: On');
  // A second reader, subscribed after, to see the next newsletter go out.
  const other = `consent-other-${unique()}@example.in`;
  await page.request.post('/newsletter', { form: { email: other }, headers: { origin: new URL(page.url()).origin } });

  const owner = await ownerPage(browser);
  const send = async (subject: string) => {
    await owner.goto('/admin/subscribers');
    await owner.getByLabel('Subject').fill(subject);
    await owner.getByLabel(/^Text/).fill('Warm water with ginger in the morning.\n\nA walk after dinner.');
    await owner.getByRole('button', { name: 'Send to all subscribers' }).click();
    await expect(owner.getByRole('main').getByRole('status')).toContainText('The newsletter is on its way to');
  };
  const first = `Winter rituals ${unique()}`;
  await send(first);
  await expectNoAxeViolations(owner, 'subscribers desk');
  const issue = await latestMail(email, 'newsletter_issue');
  expect(issue).toContain(first);

  // One click from the mail: the unsubscribe page confirms, and consent is withdrawn.
  await page.goto(linkIn(issue, 'Unsubscribe'));
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText(`${email} is unsubscribed.`);
  await page.goto('/dashboard/privacy');
  await expect(mailConsent).toHaveText('Marketing mail: Off');

  const second = `Spring rituals ${unique()}`;
  await send(second);
  await expect.poll(() => latestMail(other, 'newsletter_issue'), { timeout: 15_000 }).toContain(second);
  // The withdrawn reader's newest newsletter is still the first one.
  expect(await latestMail(email, 'newsletter_issue')).toContain(first);
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('the privacy page and a grievance ticket fit without sideways scrolling', async ({ page }) => {
    const width = () => page.evaluate(() => document.documentElement.scrollWidth);
    const email = `narrow-${unique()}@example.in`;
    await signUp(page, email);
    await page.goto('/dashboard/privacy');
    expect(await width()).toBeLessThanOrEqual(360);
    await page.goto('/grievances');
    const main = page.getByRole('main');
    await main.getByLabel('What is it about?').selectOption({ label: 'A product' });
    await main.getByLabel('Your grievance').fill('The seal of my jar was broken when it arrived.');
    await main.getByRole('button', { name: 'Send grievance' }).click();
    await expect(main.getByRole('heading', { level: 1, name: /^Grievance GRV-/ })).toBeVisible();
    expect(await width()).toBeLessThanOrEqual(360);
    // Signed in, the customer finds the ticket among theirs.
    await page.goto('/grievances');
    await expect(main.getByRole('heading', { name: 'Your tickets' })).toBeVisible();
    await expect(main.getByRole('link', { name: /^GRV-\d{4}-\d{6}$/ })).toHaveCount(1);
  });
});
