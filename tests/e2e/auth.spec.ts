// Accounts as a shopper meets them: sign up, verify, sign out, sign in (password, code, two-step),
// reset a forgotten password. Every form here also works without JavaScript.
import { expect, test } from '@playwright/test';
import { signIn, signOut, signUp, submitSignUp, unique } from './accounts';
import { expectNoAxeViolations } from './axe';
import { whenHydrated } from './hydration';
import { latestMail, linkIn } from './mail';
import { totp } from './totp';
import { TINY_PNG } from '../support/images';

test('sign up, verify the email, sign out from the header menu, sign back in where I was going', async ({ page }) => {
  const email = `asha-${unique()}@example.in`;
  await submitSignUp(page, email);
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    'Check your email: we have sent a link to finish creating your account. It works for 24 hours.',
  );
  await expectNoAxeViolations(page, '/sign-up/check-email');

  const verify = linkIn(await latestMail(email, 'verify_email'), 'Verify email');
  await page.goto(verify);
  await expect(page).toHaveURL(/\/dashboard\?verified=1/);
  await expect(page.getByRole('main').locator('dd', { hasText: email })).toBeVisible();
  await expectNoAxeViolations(page, 'dashboard');
  await expect(page.getByText('Thank you: your email address is verified.')).toBeVisible();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();

  // The header knows who is signed in, and signing out returns to the home page.
  await page.goto('/shop-all');
  const account = page.getByRole('banner').getByRole('button', { name: /Account menu/ });
  await expect(account).toBeVisible(); // rendered by the server for this shopper (a server island)
  await account.click();
  await expectNoAxeViolations(page, 'open user menu');
  await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();

  // Signed-out visitors are sent to sign in and brought back.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fdashboard/);
  await signIn(page, email, 'wrong-password');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Invalid email or password.');
  await signIn(page, email, 'tulsi-leaf-42');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Asha!' })).toBeVisible();
});

test('the sign-in form explains what is missing; signing up with a taken email looks the same and mails its owner', async ({
  page,
}) => {
  await page.goto('/sign-in');
  await expectNoAxeViolations(page, '/sign-in');
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'You must provide either an email or phone number.',
  );

  const email = `dup-${unique()}@example.in`;
  await signUp(page, email);
  await signOut(page);
  await page.goto('/sign-up');
  await expectNoAxeViolations(page, '/sign-up');
  await submitSignUp(page, email.toUpperCase(), 'another-pass-1', 'Someone Else', false);
  await expect(page).toHaveURL(/\/sign-up\/check-email$/);
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  expect(await latestMail(email, 'sign_up_existing')).toContain(
    'Someone tried to create a Vedara Ayurveda account with your email address',
  );
});

test('sign in with a one-time code from the mail', async ({ page }) => {
  const email = `code-${unique()}@example.in`;
  await signUp(page, email);
  await signOut(page);
  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Email me a sign-in code instead' }).click();
  await expectNoAxeViolations(page, '/sign-in/code');
  await page.getByRole('main').getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText('we have sent a 6-digit sign-in code');
  const code = (await latestMail(email, 'sign_in_code')).match(/Sign-in code: (\d{6})/)![1];
  await page.getByLabel('6-digit code').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('That code is not valid or has expired.');
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Asha!' })).toBeVisible();
});

test('two-step verification: set up with an authenticator, then sign in with a code or a backup code', async ({
  page,
}) => {
  const email = `totp-${unique()}@example.in`;
  const password = 'tulsi-leaf-42';
  await signUp(page, email, password);
  await page.goto('/dashboard/security');
  await expectNoAxeViolations(page, '/dashboard/security');
  await page.getByRole('main').getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Set up two-step verification' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  const backupCodes = await page.getByTestId('backup-codes').locator('li').allTextContents();
  expect(backupCodes.length).toBeGreaterThanOrEqual(8);
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await expectNoAxeViolations(page, 'two-step set-up');
  await page.getByLabel('Code from the app').fill(totp(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    'Two-step verification is on. Keep your backup codes somewhere safe.',
  );
  await expect(page.getByTestId('backup-codes')).toHaveCount(0);

  await signOut(page);
  await page.goto('/sign-in');
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/sign-in\/two-factor/);
  await expectNoAxeViolations(page, '/sign-in/two-factor');
  const current = totp(secret);
  await page.getByLabel('Authenticator code').fill(current === '123456' ? '654321' : '123456');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('That code is not valid or has expired.');
  // The code used to turn it on has been used: the next one (the app shows it within 30 s) works.
  await page.getByLabel('Authenticator code').fill(totp(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Asha!' })).toBeVisible();

  await signOut(page);
  await page.goto('/sign-in');
  await signIn(page, email, password);
  await page.getByRole('link', { name: 'Use a backup code instead' }).click();
  await page.getByLabel('Backup code').fill(backupCodes[0].toLowerCase().replace('-', ''));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Asha!' })).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('reset a forgotten password from the mailed link, then sign in with the new one', async ({ page }) => {
    const email = `reset-${unique()}@example.in`;
    await signUp(page, email);
    await signOut(page);
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('main').getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      'If an account exists for that email, we have sent a link to reset your password.',
    );

    await page.goto(linkIn(await latestMail(email, 'password_reset'), 'Choose a new password'));
    await expect(page).toHaveURL(/\/sign-in\/reset-password\?token=/);
    await page.getByLabel('New password', { exact: true }).fill('neem-and-honey-7');
    await page.getByLabel('Repeat new password').fill('neem-and-honey-7');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      'Your password has been changed. Please sign in.',
    );
    await signIn(page, email, 'tulsi-leaf-42');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Invalid email or password.');
    await signIn(page, email, 'neem-and-honey-7');
    await expect(page.getByRole('heading', { name: 'Welcome, Asha!' })).toBeVisible();
  });
});

test('axe: the password reset pages, including a link that has expired', async ({ page }) => {
  await page.goto('/sign-in/forgot-password');
  await expectNoAxeViolations(page, '/sign-in/forgot-password');
  await page.goto('/sign-in/reset-password?token=some-token');
  await expectNoAxeViolations(page, '/sign-in/reset-password');
  await page.goto('/sign-in/reset-password?error=INVALID_TOKEN');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'This reset link is not valid or has expired. Please ask for a new one.',
  );
  await expectNoAxeViolations(page, 'expired reset link');
});

test('the spec’s other sign-in addresses lead to the sign-in and sign-up pages', async ({ page }) => {
  for (const [from, to] of [
    ['/signin', /\/sign-in$/],
    ['/sign-in/factor-one', /\/sign-in$/],
    ['/sign-up/verify', /\/sign-up$/],
  ] as const) {
    await page.goto(from);
    await expect(page).toHaveURL(to);
  }
});

test('a friend signs up with my referral link and gets a 20 % coupon; a wrong code is caught first', async ({
  page,
}) => {
  await signUp(page, `kavya-${unique()}@example.in`);
  await expect(page.getByText(/10,000\s*points, worth ₹200/)).toBeVisible();
  const code = (await page
    .getByText(/^[A-Z]+-[2-9A-Z]{4}$/)
    .first()
    .textContent())!;

  // The Rewards panel shows the real balance and the customer's own code and link.
  // A link to the dashboard until the island runs, then the button opening the panel.
  await whenHydrated(
    page
      .getByRole('link', { name: 'Rewards', exact: true })
      .or(page.getByRole('button', { name: 'Rewards', exact: true })),
  );
  await page.getByRole('button', { name: 'Rewards', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Rewards' });
  await expect(panel.getByText(/10,000/).first()).toBeVisible();
  await panel.getByRole('button', { name: 'Refer Now!' }).click();
  await expect(panel.getByRole('textbox')).toHaveValue(code);
  await expect(panel.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute(
    'href',
    new RegExp(encodeURIComponent(`/sign-up?ref=${code}`).replace(/[.?]/g, '\\$&')),
  );
  await page.keyboard.press('Escape');
  await signOut(page);

  const friend = `arjun-${unique()}@example.in`;
  await page.goto('/sign-up?ref=NOPE-2222');
  const form = page.getByRole('main');
  await expect(form.getByLabel('Referral code (optional)')).toHaveValue('NOPE-2222');
  await form.getByLabel('Full name').fill('Arjun Mehta');
  await form.getByLabel('Email').fill(friend);
  await form.getByLabel('Password', { exact: true }).fill('tulsi-leaf-42');
  await form.getByLabel('Repeat password').fill('tulsi-leaf-42');
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(form.getByRole('alert')).toHaveText('This referral code is not valid.');

  await form.getByLabel('Referral code (optional)').fill(code.toLowerCase());
  await form.getByLabel('Password', { exact: true }).fill('tulsi-leaf-42');
  await form.getByLabel('Repeat password').fill('tulsi-leaf-42');
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await page.goto(linkIn(await latestMail(friend, 'verify_email'), 'Verify email'));
  await expect(page.getByRole('heading', { name: 'Welcome, Arjun!' })).toBeVisible();
  await expect(page.getByText(/^WELCOME-[0-9A-F]{8}$/)).toBeVisible();
  await expect(page.getByText('20% off one order')).toBeVisible();
});

test('the cart follows a signed-in customer to another device and merges with what was there', async ({
  page,
  browser,
}) => {
  const email = `carts-${unique()}@example.in`;
  await signUp(page, email);
  await page.goto('/product/1');
  const cartButton = page.getByRole('banner').getByRole('link', { name: /^Cart, / });
  await whenHydrated(cartButton);
  await whenHydrated(page.getByRole('button', { name: 'Add to Cart' }).first());
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(cartButton).toHaveAccessibleName('Cart, 1 item');

  // Another device: a guest cart with one item, then sign in.
  const phone = await browser.newPage();
  await phone.goto('/product/2');
  const phoneCart = phone.getByRole('banner').getByRole('link', { name: /^Cart, / });
  await whenHydrated(phoneCart);
  await whenHydrated(phone.getByRole('button', { name: 'Add to Cart' }).first());
  await phone.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(phoneCart).toHaveAccessibleName('Cart, 1 item');
  await phone.goto('/sign-in');
  await signIn(phone, email, 'tulsi-leaf-42');
  await expect(phone.getByRole('heading', { name: 'Welcome, Asha!' })).toBeVisible();
  await whenHydrated(phoneCart);
  await expect(phoneCart).toHaveAccessibleName('Cart, 2 items');

  // Signing out empties this device's copy.
  await phone.getByRole('main').getByRole('button', { name: 'Sign Out' }).click();
  await whenHydrated(phoneCart);
  await expect(phoneCart).toHaveAccessibleName('Cart, 0 items');
  await phone.close();
});

test('profile: change the name, upload a profile image, change the email only with the password', async ({ page }) => {
  const email = `profile-${unique()}@example.in`;
  await signUp(page, email);
  await page.goto('/dashboard/profile');
  await expectNoAxeViolations(page, '/dashboard/profile');
  const main = page.getByRole('main');
  await main.getByLabel('Full name').fill('Asha Menon');
  await main.getByRole('button', { name: 'Save name' }).click();
  await expect(main.getByRole('status')).toHaveText('Your name has been updated.');

  await main
    .getByLabel(/Image \(PNG, JPEG or WebP/)
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG });
  await main.getByRole('button', { name: 'Upload image' }).click();
  await expect(main.getByRole('status')).toHaveText('Your profile image has been updated.');
  await main
    .getByLabel(/Image \(PNG, JPEG or WebP/)
    .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('<svg></svg>') });
  await main.getByRole('button', { name: 'Upload image' }).click();
  await expect(main.getByRole('alert')).toHaveText('That file is not a JPEG, PNG or WebP image.');

  const newEmail = `moved-${unique()}@example.in`;
  await main.getByLabel('New email').fill(newEmail);
  await main.getByLabel('Current password').fill('not-my-password');
  await main.getByRole('button', { name: 'Change email' }).click();
  await expect(main.getByRole('alert')).toHaveText('That password is not correct.');
  await main.getByLabel('New email').fill(newEmail);
  await main.getByLabel('Current password').fill('tulsi-leaf-42');
  await main.getByRole('button', { name: 'Change email' }).click();
  await expect(main.getByRole('status')).toContainText(newEmail);

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome, Asha!' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Your profile image' })).toHaveAttribute(
    'src',
    /^\/media\/avatars\/.+\.webp$/,
  );
  const image = await page.request.get(
    (await page.getByRole('img', { name: 'Your profile image' }).getAttribute('src'))!,
  );
  expect(image.headers()['content-type']).toBe('image/webp');
  expect(image.headers()['x-content-type-options']).toBe('nosniff');
});
