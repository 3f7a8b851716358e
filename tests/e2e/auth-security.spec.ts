// Account security as a shopper meets it: two-step verification after the emailed code too, a set-up
// that survives a mistyped code (with its backup codes to copy or download), codes that work once,
// redirects that stay on the site, and a clear wait message instead of a locked account.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signIn, signOut, signUp, unique } from './accounts';
import { expectNoAxeViolations } from './axe';
import { latestMail } from './mail';
import { totp } from './totp';

test('two-step set-up survives a wrong code; then the emailed sign-in code still asks for the app, and a used code is refused', async ({
  page,
  context,
}) => {
  const email = `guard-${unique()}@example.in`;
  const password = 'tulsi-leaf-42';
  await signUp(page, email, password);
  await page.goto('/dashboard/security');
  await page.getByRole('main').getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Set up two-step verification' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  const backupCodes = await page.getByTestId('backup-codes').locator('li').allTextContents();
  expect(backupCodes).toHaveLength(10);
  for (const code of backupCodes) expect(code).not.toMatch(/[lI10O]/);

  // A mistyped code: the QR code, key and the same backup codes are still there.
  const right = totp(secret);
  await page.getByLabel('Code from the app').fill(right === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('That code is not valid or has expired.');
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await expect(page.getByTestId('totp-secret')).toHaveText(secret);
  await expect(page.getByTestId('backup-codes').locator('li')).toHaveText(backupCodes);
  await expectNoAxeViolations(page, 'two-step set-up after a wrong code');

  // Keep them: a real .txt download, and a copy button once JavaScript runs.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download backup codes (.txt)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('vedara-backup-codes.txt');
  const file = readFileSync((await download.path())!, 'utf8');
  for (const code of backupCodes) expect(file).toContain(code);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const copy = page.getByRole('button', { name: 'Copy backup codes' });
  await expect(copy).toBeVisible();
  await copy.click();
  await expect(page.getByText('Backup codes copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(backupCodes.join('\n'));

  await page.getByLabel('Code from the app').fill(totp(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    'Two-step verification is on. Keep your backup codes somewhere safe.',
  );
  expect((await page.request.get('/dashboard/security/backup-codes.txt')).status()).toBe(404);

  // Signing in with an emailed code ends in the two-step challenge as well.
  await signOut(page);
  await page.goto('/sign-in/code?redirect=%2Forders');
  await page.getByRole('main').getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  const code = (await latestMail(email, 'sign_in_code')).match(/Sign-in code: (\d{6})/)![1];
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/sign-in\/two-factor\?redirect=%2Forders$/);
  await expectNoAxeViolations(page, '/sign-in/two-factor after an emailed code');
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fdashboard/);
  await page.goBack();
  const next = totp(secret, Date.now() + 30_000);
  await page.getByLabel('Authenticator code').fill(next);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/orders$/);

  // The same code a second time (say, read over a shoulder) is refused.
  await signOut(page);
  await page.goto('/sign-in');
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/sign-in\/two-factor/);
  await page.getByLabel('Authenticator code').fill(next);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('That code is not valid or has expired.');
});

test('after signing in, a redirect that would leave the site lands on the dashboard', async ({ page }) => {
  const email = `redirect-${unique()}@example.in`;
  await signUp(page, email);
  const answer = await page.request.get('/sign-in?redirect=/%09/evil.example/', { maxRedirects: 0 });
  expect(answer.status()).toBe(302);
  expect(answer.headers().location).toBe('/dashboard');
  await signOut(page);

  await page.goto('/sign-in?redirect=/%09/evil.example/');
  await expectNoAxeViolations(page, '/sign-in with a foreign redirect');
  await signIn(page, email, 'tulsi-leaf-42');
  await expect(page.getByRole('heading', { name: 'Welcome, Asha!' })).toBeVisible();
  expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL!).host);
  expect(new URL(page.url()).pathname).toBe('/dashboard');
});

test('wrong passwords slow this address down on this account with a clear wait, not a silent lock', async ({
  page,
}) => {
  const email = `slow-${unique()}@example.in`;
  await signUp(page, email);
  await signOut(page);
  await page.goto('/sign-in');
  for (let i = 0; i < 5; i++) {
    await signIn(page, email, `wrong-${i}-guess`);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Invalid email or password.');
  }
  await signIn(page, email, 'tulsi-leaf-42');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'Too many sign-in attempts for this account. For your safety, please try again in 15 minutes, or reset your password.',
  );
  await expectNoAxeViolations(page, '/sign-in slowed down');
});
