// Account steps the browser tests share: sign up, sign in (as anyone, or as the store owner), sign out.
import { expect, test, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { latestMail, linkIn } from './mail';

export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * A new, verified and signed-in shopper, for specs about something else (auth.spec signs up through the
 * form): the sign-up goes through the auth API, and the verification mail's link, opened in the page, signs
 * the shopper in and lands on their dashboard as the form's would.
 */
export async function signUp(page: Page, email: string, password = 'tulsi-leaf-42', name = 'Asha Rao') {
  // The page's extra headers do not reach page.request: the shopper's address is sent with the sign-up too.
  const address = { 'x-forwarded-for': shopperAddress() };
  await page.setExtraHTTPHeaders(address);
  const origin = test.info().project.use.baseURL!;
  const answer = await page.request.post('/api/auth/sign-up/email', {
    data: { name, email, password, callbackURL: '/dashboard?verified=1' },
    headers: { origin, ...address },
  });
  expect(answer.ok(), `sign-up of ${email}: ${answer.status()} ${await answer.text()}`).toBe(true);
  await page.goto(linkIn(await latestMail(email, 'verify_email'), 'Verify email'));
  await expect(page.getByRole('heading', { name: `Welcome, ${name.split(' ')[0]}!` })).toBeVisible();
}

/**
 * A documentation-range address for one shopper. The e2e server trusts one proxy hop, so this is the
 * client address the store sees: each shopper signs up from a network of their own, as real ones do,
 * instead of the whole suite sharing 127.0.0.1 and its per-address sign-up limit.
 */
const shopperAddress = () => `198.51.100.${1 + Math.floor(Math.random() * 254)}`;

/** Fills and sends the sign-up form on the current page (or /sign-up). */
export async function submitSignUp(
  page: Page,
  email: string,
  password = 'tulsi-leaf-42',
  name = 'Asha Rao',
  open = true,
) {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': shopperAddress() });
  if (open) await page.goto('/sign-up');
  const form = page.getByRole('main');
  await form.getByLabel('Full name').fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel('Repeat password').fill(password);
  await form.getByRole('button', { name: 'Create account' }).click();
}

export async function signIn(page: Page, email: string, password: string) {
  const form = page.getByRole('main');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

/** The store owner: the e2e server runs with STORE_OWNER_EMAILS=owner@vedara.test (playwright.config.ts). */
export const OWNER = 'owner@vedara.test';
export const OWNER_PASSWORD = 'tulsi-leaf-42';

/**
 * Signs the page in as the store owner, creating the account the first time. Sign-up answers alike for
 * a new and a taken email and signs no one in, so it is sent every time and followed by a sign-in.
 * Through the auth API, not the form: the specs that use it are about the desk, not about signing in.
 */
export async function signInOwner(page: Page) {
  await page.goto('/sign-in');
  const origin = new URL(page.url()).origin;
  await page.request.post('/api/auth/sign-up/email', {
    data: { name: 'Store Owner', email: OWNER, password: OWNER_PASSWORD },
    headers: { origin },
  });
  const signedIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email: OWNER, password: OWNER_PASSWORD },
    headers: { origin },
  });
  expect(signedIn.ok(), 'owner sign-in').toBe(true);
}

/** A page of a new browser context (cookies of its own), signed in as the store owner. */
export async function ownerPage(browser: Browser, options?: BrowserContextOptions): Promise<Page> {
  const page = await (await browser.newContext(options)).newPage();
  await signInOwner(page);
  return page;
}

export async function signOut(page: Page) {
  await page.goto('/dashboard');
  await page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
}
