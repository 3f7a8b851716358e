// Rewards panel (spec §2 'Rewards panel', §4, §9): views and navigation, keyboard, the guest view
// from the real API, and the member view (mocked /api/rewards, so no account is needed): balance,
// referral code, copy toasts and share links. axe on every view.
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { whenHydrated } from './hydration';

type Box = { x: number; y: number; width: number; height: number };

const MEMBER = {
  signedIn: true,
  name: 'Asha Rao',
  balance: 12_345,
  rupeeValue: 246,
  referralCode: 'ASHA-7K2M',
  referralLink: 'https://vedara.example/sign-up?ref=ASHA-7K2M',
  coupons: [{ code: 'WELCOME-9QX4', percentOff: 20, reason: 'referral_welcome' }],
};

/** Answers /api/rewards with the member above; returns how often it was asked. */
async function mockMember(page: Page) {
  const calls = { count: 0 };
  await page.route('**/api/rewards', (route) => {
    calls.count++;
    return route.fulfill({ json: MEMBER });
  });
  return calls;
}

/**
 * The Rewards button, once its island runs: before that (and without JavaScript) it is a link to the
 * rewards on the dashboard, which the island replaces.
 */
async function rewardsButton(page: Page) {
  await whenHydrated(
    page
      .getByRole('link', { name: 'Rewards', exact: true })
      .or(page.getByRole('button', { name: 'Rewards', exact: true })),
  );
  const button = page.getByRole('button', { name: 'Rewards', exact: true });
  await expect(button).toBeVisible();
  return button;
}

async function openRewards(page: Page, path = '/track') {
  await page.goto(path);
  const button = await rewardsButton(page);
  await button.click();
  const panel = page.getByRole('dialog', { name: 'Rewards' });
  await expect(panel).toBeVisible();
  return { button, panel };
}

test('guest: home → earn → back → redeem → back → referral → close, with join and sign-in links', async ({ page }) => {
  const { button, panel } = await openRewards(page);
  await expect(panel.getByRole('button', { name: 'Close rewards' })).toBeFocused();
  await expect(panel.getByRole('heading', { name: 'Welcome to Vedara Ayurveda' })).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Become a member' })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Join now' })).toHaveAttribute('href', '/sign-up');
  await expect(panel.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
  await expect(panel.getByText('We plant a tree for every order')).toBeVisible();
  await expectNoAxeViolations(page, 'rewards home (guest)');

  await panel.getByRole('button', { name: 'Ways to earn' }).click();
  await expect(panel.getByRole('heading', { name: 'Ways to earn' })).toBeFocused();
  await expect(panel.getByRole('listitem').filter({ hasText: 'Sign up' })).toContainText('10,000 points');
  await expect(panel.getByRole('listitem').filter({ hasText: 'Place an order' })).toContainText('5 points per ₹1');
  await expect(panel.getByRole('listitem').filter({ hasText: 'Instagram' })).toContainText('10,000 points');
  await expect(panel.getByRole('link', { name: 'Join now' })).toHaveAttribute('href', '/sign-up');
  await expect(panel.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
  await expectNoAxeViolations(page, 'rewards earn (guest)');
  await panel.getByRole('button', { name: 'Back' }).click();
  await expect(panel.getByRole('button', { name: 'Ways to earn' })).toBeFocused();

  await panel.getByRole('button', { name: 'Ways to redeem' }).click();
  await expect(panel.getByRole('heading', { name: 'Ways to redeem' })).toBeFocused();
  await expect(panel.getByText('50 points = ₹1')).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Join now' })).toHaveAttribute('href', '/sign-up');
  await expectNoAxeViolations(page, 'rewards redeem (guest)');
  await panel.getByRole('button', { name: 'Back' }).click();
  await expect(panel.getByRole('button', { name: 'Ways to redeem' })).toBeFocused();

  await panel.getByRole('button', { name: 'Refer Now!' }).click();
  await expect(panel.getByRole('heading', { name: 'Refer a friend' })).toBeFocused();
  await expect(panel.getByText('Your personal referral code appears here once you sign in.')).toBeVisible();
  await expect(panel.getByRole('textbox')).toHaveCount(0); // no made-up code for guests
  await expect(panel.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
  await expectNoAxeViolations(page, 'rewards referral (guest)');

  await panel.getByRole('button', { name: 'Close rewards' }).click();
  await expect(panel).toBeHidden();
  await expect(button).toBeFocused();

  // Reopening starts at home again.
  await button.click();
  await expect(panel.getByRole('heading', { name: 'Welcome to Vedara Ayurveda' })).toBeVisible();
});

test('keyboard: Enter opens, Tab stays inside, Escape closes and focus returns to the button', async ({ page }) => {
  await page.goto('/track');
  const button = await rewardsButton(page);
  await button.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Rewards' });
  await expect(panel).toBeVisible();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(await panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
});

test('member: balance, referral code, copy toast, share links; fetched only on first open', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const calls = await mockMember(page);
  await page.goto('/track');
  const button = await rewardsButton(page);
  expect(calls.count).toBe(0);

  await button.click();
  const panel = page.getByRole('dialog', { name: 'Rewards' });
  await expect(panel.getByRole('heading', { name: 'Hi, Asha Rao' })).toBeVisible();
  await expect(panel.getByText('12,345 points')).toBeVisible();
  await expect(panel.getByText('worth ₹246 at checkout')).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Join now' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'rewards home (member)');

  await panel.getByRole('button', { name: 'Ways to redeem' }).click();
  await expect(panel.getByText('WELCOME-9QX4')).toBeVisible();
  await expect(panel.getByText('20% off', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'rewards redeem (member)');
  await panel.getByRole('button', { name: 'Back' }).click();

  await panel.getByRole('button', { name: 'Refer Now!' }).click();
  const code = panel.getByRole('textbox', { name: 'Your referral code' });
  await expect(code).toHaveValue(MEMBER.referralCode);
  await expect(code).toHaveAttribute('readonly', '');

  await panel.getByRole('button', { name: 'Copy code' }).click();
  const copied = page.getByRole('status').getByText('Referral code copied!');
  await expect(copied).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(MEMBER.referralCode);
  await expect(copied).toBeHidden({ timeout: 4000 }); // about 2 s

  const encodedLink = encodeURIComponent(MEMBER.referralLink);
  for (const [name, shareAddress] of [
    ['Facebook', 'https://www.facebook.com/sharer/sharer.php?u='],
    ['WhatsApp', 'https://wa.me/?text='],
    ['X (Twitter)', 'https://twitter.com/intent/tweet?'],
  ] as const) {
    const link = panel.getByRole('link', { name: `Share on ${name}` });
    const href = (await link.getAttribute('href'))!;
    expect(href.startsWith(shareAddress), href).toBe(true);
    expect(href).toContain(encodedLink);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
  }
  await expectNoAxeViolations(page, 'rewards referral (member)');

  await page.keyboard.press('Escape');
  await button.click();
  await expect(panel.getByText('12,345 points')).toBeVisible();
  expect(calls.count).toBe(1);
});

test('member: a refused clipboard shows the error toast and selects the code for copying by hand', async ({ page }) => {
  await page.addInitScript(() => {
    navigator.clipboard.writeText = () =>
      Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
  });
  await mockMember(page);
  const { panel } = await openRewards(page);
  await panel.getByRole('button', { name: 'Refer Now!' }).click();
  await panel.getByRole('button', { name: 'Copy code' }).click();
  await expect(page.getByRole('alert').getByText('Failed to copy. Please copy manually.')).toBeVisible();
  const code = panel.getByRole('textbox', { name: 'Your referral code' });
  await expect(code).toBeFocused();
  expect(
    await code.evaluate((input: HTMLInputElement) => input.value.slice(input.selectionStart!, input.selectionEnd!)),
  ).toBe(MEMBER.referralCode);
});

test('the Rewards button keeps clear of the chat buttons and rises above the sticky add-to-cart bar', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/product/1');
  const button = await rewardsButton(page);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const stickyBar = page.getByRole('region', { name: 'Quick add to cart' });
  await expect(stickyBar).toBeVisible();
  const overlap = (a: Box, b: Box) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  // The button rises as the bar shows (a rule of the stylesheet, which loads without blocking the first
  // paint): wait for where it settles.
  await expect.poll(async () => overlap((await button.boundingBox())!, (await stickyBar.boundingBox())!)).toBe(false);
  const rewardsBox = (await button.boundingBox())!;
  const chatLinks = page.getByRole('list', { name: 'Chat and follow' }).getByRole('link');
  await expect(chatLinks.first()).toBeVisible();
  for (const link of await chatLinks.all()) {
    const box = await link.boundingBox();
    if (box) expect(overlap(rewardsBox, box)).toBe(false);
  }
});
