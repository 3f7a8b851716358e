import { expect, test } from '@playwright/test';
import { whenHydrated } from './hydration';

test('newsletter: subscribe, then the duplicate is recognised (in place, with JavaScript)', async ({ page }) => {
  await page.goto('/');
  const form = page.locator('footer form[action="/newsletter"]');
  const email = form.getByLabel('Email address');
  await whenHydrated(email);
  const address = `e2e-${Date.now()}@example.in`;
  await email.fill(address);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(form.getByText('Subscribed successfully!')).toBeVisible();
  await expect(email).toHaveValue('');

  await email.fill(address.toUpperCase());
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(form.getByText("You're already subscribed!")).toBeVisible();
  // The message clears itself after 5 s.
  await expect(form.getByText("You're already subscribed!")).toBeHidden({ timeout: 8000 });

  await email.fill('not an email');
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(form.getByText('Please enter a valid email address.')).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('newsletter form posts and answers on its own page', async ({ page }) => {
    await page.goto('/');
    const form = page.locator('footer form[action="/newsletter"]');
    await form.getByLabel('Email address').fill(`nojs-${Date.now()}@example.in`);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByText('Subscribed successfully!')).toBeVisible();
  });
});
