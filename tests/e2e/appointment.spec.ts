import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { whenHydrated } from './hydration';

/** A weekday and a Saturday a week or two ahead, as YYYY-MM-DD. */
function upcoming(dayOfWeek: number) {
  const date = new Date(Date.now() + 7 * 86_400_000);
  while (date.getUTCDay() !== dayOfWeek) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

async function fillContact(page: Page, email = 'asha@example.in', { javaScript = true } = {}) {
  if (javaScript) await whenHydrated(page.getByRole('main').getByLabel('Name'));
  await page.getByRole('main').getByLabel('Name').fill('Asha Rao');
  await page.getByRole('main').getByLabel('Email').fill(email);
  await page.getByRole('main').getByLabel('Phone').fill('9876543210');
}

test('book a slot, see the confirmation, and find the slot taken afterwards', async ({ page }) => {
  const wednesday = upcoming(3);
  await page.goto('/appointment');
  await expect(page.getByRole('heading', { name: 'Your Wellness Journey Starts Here' })).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(18);
  await fillContact(page);
  await page.getByRole('main').getByLabel('Date').fill(wednesday);
  await page.getByText('10:30 AM').click();
  await page.getByRole('button', { name: 'Book Appointment' }).click();

  const modal = page.getByRole('dialog', { name: 'Appointment Confirmed!' });
  await expect(modal).toBeVisible();
  await expect(modal.getByText('Thank you for booking. You’ll receive a confirmation email shortly.')).toBeVisible();
  await expectNoAxeViolations(page, 'appointment confirmation modal');
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByRole('main').getByLabel('Name')).toHaveValue('');

  // The slot is now greyed out and cannot be chosen for that date.
  await page.getByRole('main').getByLabel('Date').fill(wednesday);
  await expect(page.getByRole('radio', { name: /10:30 AM/ })).toBeDisabled();
  await expect(page.getByRole('radio', { name: /11:00 AM/ })).toBeEnabled();
});

test('bad email, bad phone and weekends are flagged and block submit', async ({ page }) => {
  await page.goto('/appointment');
  await expectNoAxeViolations(page, '/appointment');
  const submit = page.getByRole('button', { name: 'Book Appointment' });
  await fillContact(page, 'asha@example');
  await expect(page.getByRole('main').getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(submit).toBeDisabled();
  await page.getByRole('main').getByLabel('Email').fill('asha@example.in');
  await page.getByRole('main').getByLabel('Phone').fill('12345');
  await expect(page.getByRole('main').getByLabel('Phone')).toHaveAttribute('aria-invalid', 'true');
  await expect(submit).toBeDisabled();
  await page.getByRole('main').getByLabel('Phone').fill('9876543210');
  await page.getByRole('main').getByLabel('Date').fill(upcoming(6));
  await expect(page.getByText('Weekends are unavailable. Please select Mon–Fri.')).toBeVisible();
  await expect(submit).toBeDisabled();
  await page.getByRole('main').getByLabel('Date').fill(upcoming(1));
  await expect(submit).toBeEnabled();
  // No slot chosen: the server asks for one.
  await submit.click();
  await expect(page.getByText('Please choose a time slot.').first()).toBeVisible();
});

test('two shoppers racing for one slot: the second is told it is taken', async ({ page, request }) => {
  const thursday = upcoming(4);
  await page.goto('/appointment');
  await fillContact(page);
  await page.getByRole('main').getByLabel('Date').fill(thursday);
  await page.getByText('03:00 PM').click();
  // Someone else books the same slot after the form loaded its booked slots.
  const other = await request.post('/api/appointments', {
    data: { name: 'Ravi', email: 'ravi@example.in', phone: '9123456789', date: thursday, time: '03:00 PM', notes: '' },
  });
  expect(other.status()).toBe(201);
  await page.getByRole('button', { name: 'Book Appointment' }).click();
  await expect(page.getByRole('alert').getByText('This time slot is already booked.')).toBeVisible();
  await expect(page.getByRole('radio', { name: /03:00 PM/ })).toBeDisabled();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the form posts and the page confirms the booking', async ({ page }) => {
    await page.goto('/appointment');
    await fillContact(page, 'asha@example.in', { javaScript: false });
    await page.getByRole('main').getByLabel('Date').fill(upcoming(5));
    await page.getByText('04:00 PM').click();
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    await expect(page.getByRole('status').getByText(/Appointment Confirmed!/)).toBeVisible();
  });
});
