// Phone sign-in on a 390 px phone: a shopper signs up with a mobile number and the code the development SMS
// transport wrote (DATA_DIR/messages/sms), signs out and back in with it; a foreign number is refused with a
// clear message and gets no SMS; a customer who signed up by email adds a mobile on the profile page and then
// signs in by it to the same account; and the whole flow works without JavaScript.
import { expect, test, type Page } from '@playwright/test';
import { signUp, unique } from './accounts';
import { expectNoAxeViolations } from './axe';
import { latestMessage, messageCount } from './messages';

test.use({ viewport: { width: 390, height: 844 } });

/** A mobile of this run's own (91 is not included: ten digits starting with 9). */
const newMobile = () => `9${String(Date.now()).slice(-6)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;

/** Each shopper from an address of their own (the e2e server trusts one proxy hop). */
const ownAddress = (page: Page) =>
  page.setExtraHTTPHeaders({ 'x-forwarded-for': `203.0.113.${1 + Math.floor(Math.random() * 254)}` });

/** The code in the newest sign-in SMS to `mobile`, once one newer than `before` was written. */
async function smsCode(mobile: string, before = ''): Promise<string> {
  let text = '';
  await expect
    .poll(async () => {
      text = await latestMessage('sms', 'sign_in_code', `91${mobile}`);
      return text !== before;
    })
    .toBe(true);
  expect(text).toMatch(/^Channel: sms\nTo: \+91\d{10}\nTemplate: sign_in_code\n/);
  return /(\d{6}) is your Vedara Ayurveda sign-in code\. It works for 10 minutes\./.exec(text)![1];
}

async function askForCode(page: Page, typed: string) {
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: 'Mobile number' }).fill(typed);
  await main.getByRole('button', { name: 'Text me a code' }).click();
}

async function enterCode(page: Page, code: string) {
  const main = page.getByRole('main');
  await main.getByLabel('6-digit code').fill(code);
  await main.getByRole('button', { name: 'Sign in' }).click();
}

const spaced = (mobile: string) => `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`;

test('a shopper signs up with a mobile number and its SMS code, signs out, and signs in again to the same account', async ({
  page,
}) => {
  const mobile = newMobile();
  await ownAddress(page);
  await page.goto('/sign-in');
  await page.getByRole('main').getByRole('link', { name: 'Sign in with your mobile number' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in with your mobile' })).toBeVisible();
  await expectNoAxeViolations(page, '/sign-in/phone');

  await askForCode(page, `${mobile.slice(0, 5)} ${mobile.slice(5)}`);
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    `We have sent a 6-digit code by SMS to ${spaced(mobile)}. It works for 10 minutes.`,
  );
  await expect(page.getByRole('main').getByText(`Code sent to ${spaced(mobile)}.`)).toBeVisible();
  await expectNoAxeViolations(page, '/sign-in/phone code step');
  const first = await smsCode(mobile);
  await enterCode(page, first);

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, friend!' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.locator('dd', { hasText: spaced(mobile) })).toBeVisible();
  await expect(main.locator('dd', { hasText: 'None yet.' }).getByRole('link', { name: 'Add an email' })).toBeVisible();
  const referral = await main
    .getByText(/^Your referral code:/)
    .locator('strong')
    .textContent();
  await expectNoAxeViolations(page, 'dashboard of an account made by phone');

  await main.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/sign-in/phone?redirect=%2Fdashboard%2Fprofile');
  const before = await latestMessage('sms', 'sign_in_code', `91${mobile}`);
  await askForCode(page, `0${mobile}`);
  const second = await smsCode(mobile, before);
  await enterCode(page, second);
  await expect(page).toHaveURL(/\/dashboard\/profile$/);
  await expect(page.getByRole('main').getByText(`Currently ${spaced(mobile)}.`)).toBeVisible();
  await page.goto('/dashboard');
  await expect(
    page
      .getByRole('main')
      .getByText(/^Your referral code:/)
      .locator('strong'),
  ).toHaveText(referral!);
});

test('a foreign or short number is refused with a clear message, and no SMS is sent', async ({ page }) => {
  await ownAddress(page);
  await page.goto('/sign-in/phone');
  const sent = messageCount('sms');
  for (const typed of ['+44 7911 123456', '98765 4321']) {
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/sign-in/phone') && r.request().method() === 'POST'),
      askForCode(page, typed),
    ]);
    expect(answer.status(), typed).toBe(400);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'Please enter a 10-digit Indian mobile number (starting with 6, 7, 8 or 9).',
    );
    await expect(page.getByRole('main').getByRole('textbox', { name: 'Mobile number' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(page.getByRole('main').getByLabel('6-digit code')).toHaveCount(0);
  }
  await expectNoAxeViolations(page, '/sign-in/phone refused');
  // Nothing was queued for them: a good number asked for afterwards gets the only new SMS.
  const mobile = newMobile();
  await askForCode(page, mobile);
  await smsCode(mobile);
  expect(messageCount('sms')).toBe(sent + 1);
});

test('a customer who signed up by email adds a mobile on the profile page, then signs in by it to the same account', async ({
  page,
}) => {
  const email = `phone-${unique()}@example.in`;
  const mobile = newMobile();
  await signUp(page, email);
  await page.goto('/dashboard/profile');
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: 'Mobile number' }).fill(mobile);
  await main.getByRole('button', { name: 'Text me a code' }).click();
  await expect(main.getByText(`Code sent to ${spaced(mobile)}.`)).toBeVisible();
  await expectNoAxeViolations(page, '/dashboard/profile code step');
  await main.getByLabel('6-digit code').fill(await smsCode(mobile));
  await main.getByRole('button', { name: 'Verify number' }).click();
  await expect(main.getByRole('status')).toHaveText('Your mobile number is verified. You can now sign in with it.');
  await expect(main.getByText(`Currently ${spaced(mobile)}.`)).toBeVisible();

  await page.goto('/dashboard');
  await page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click();
  await page.goto('/sign-in/phone');
  const before = await latestMessage('sms', 'sign_in_code', `91${mobile}`);
  await askForCode(page, spaced(mobile));
  await enterCode(page, await smsCode(mobile, before));
  await expect(page.getByRole('heading', { name: 'Welcome, Asha!' })).toBeVisible();
  await expect(page.getByRole('main').locator('dd', { hasText: email })).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the phone form sends the code, refuses a wrong one and signs in with the right one', async ({ page }) => {
    const mobile = newMobile();
    await ownAddress(page);
    await page.goto('/sign-in/phone');
    await askForCode(page, `+91 ${mobile}`);
    await expect(page.getByRole('main').getByText(`Code sent to ${spaced(mobile)}.`)).toBeVisible();
    const code = await smsCode(mobile);
    await enterCode(page, code === '000000' ? '111111' : '000000');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('That code is not valid or has expired.');
    await enterCode(page, code);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('main').locator('dd', { hasText: spaced(mobile) })).toBeVisible();
  });
});
