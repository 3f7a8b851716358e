// A returning customer on a phone: two addresses saved in the address book (the city and state filled
// from the PIN code as it is typed, a typed city kept), one made the default, and checkout opening with
// it filled in, another saved address one tap away.
import { expect, test } from '@playwright/test';
import { signUp, unique } from './accounts';
import { expectNoAxeViolations } from './axe';
import { whenHydrated } from './hydration';
import { expectClear } from './obscured';

test('a customer saves two addresses, makes one the default and checks out with it filled in', async ({ page }) => {
  test.slow(); // sign-up, four forms and an order on a shared two-core machine
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page, `addresses.${unique()}@example.in`, 'tulsi-leaf-42', 'Asha Rao');

  // An empty book opens with its form; the PIN fills the city and state.
  await page.goto('/dashboard/addresses');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Add an address' })).toBeVisible();
  await whenHydrated(main.getByLabel('PIN code'));
  await main.getByLabel(/Mobile number/).fill('98765 43210');
  await main.getByLabel('House, street, area').fill('12 Ganga Road');
  await main.getByLabel('PIN code').fill('249401');
  await expect(main.getByLabel('City or town')).toHaveValue('Haridwar');
  await expect(main.getByLabel('State or union territory')).toHaveValue('Uttarakhand');
  await main.getByRole('button', { name: 'Save address' }).click();
  await expect(main.getByRole('status').filter({ hasText: 'The address has been added' })).toBeVisible();

  // The second: the city typed first stays, the state comes from the PIN.
  await main.getByRole('link', { name: 'Add an address' }).click();
  await whenHydrated(main.getByLabel('PIN code'));
  await main.getByLabel(/Mobile number/).fill('9123456780');
  await main.getByLabel('House, street, area').fill('21 MG Road');
  await main.getByLabel('City or town').fill('Bengaluru');
  await main.getByLabel('PIN code').fill('560001');
  await expect(main.getByLabel('State or union territory')).toHaveValue('Karnataka');
  await expect(main.getByLabel('City or town')).toHaveValue('Bengaluru');
  // Audited from the top: scrolled to the form, the account tabs sit half under the sticky header, which
  // axe counts as a small target (they are whole again once scrolled back).
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await expectNoAxeViolations(page, 'address book with its form open');
  await main.getByRole('button', { name: 'Save address' }).click();

  const saved = main.getByRole('list', { name: 'Saved addresses' }).getByRole('listitem');
  await expect(saved).toHaveCount(2);
  await main.getByRole('button', { name: /Make default.*21 MG Road/ }).click();
  await expect(main.getByText('That is now your default address.')).toBeVisible();
  await expect(saved.first()).toContainText('21 MG Road');
  await expect(saved.first()).toContainText('Default');
  // On the phone, the floating chat and Rewards buttons never sit on the book's buttons.
  await expectClear({
    Edit: main.getByRole('link', { name: /^Edit the address of .*12 Ganga Road/ }),
    'Make default': main.getByRole('button', { name: /Make default.*12 Ganga Road/ }),
    Delete: main.getByRole('link', { name: /^Delete the address of .*12 Ganga Road/ }),
    'Add an address': main.getByRole('link', { name: 'Add an address' }),
  });

  // Checkout opens with the default address filled in; the other is one tap away.
  expect(
    (await page.request.post('/api/cart', { data: { intent: 'add', productId: 2, months: 1, quantity: 1 } })).ok(),
  ).toBe(true);
  await page.goto('/checkout');
  await whenHydrated(main.getByLabel('PIN code'));
  await expect(main.getByLabel('House, street, area')).toHaveValue('21 MG Road');
  await expect(main.getByLabel('City or town')).toHaveValue('Bengaluru');
  await expect(main.getByLabel('State or union territory')).toHaveValue('Karnataka');
  await expect(main.getByLabel('PIN code')).toHaveValue('560001');
  await expect(main.getByLabel(/Mobile number/)).toHaveValue('9123456780');
  await main.getByRole('link', { name: /Deliver to Asha Rao.*12 Ganga Road/ }).click();
  await expect(main.getByLabel('House, street, area')).toHaveValue('12 Ganga Road');
  await expect(main.getByText(/Delivers to Haridwar, Uttarakhand by/)).toBeVisible();
  await main.getByRole('link', { name: /Deliver to Asha Rao.*21 MG Road/ }).click();
  await expect(main.getByLabel('PIN code')).toHaveValue('560001');
  await expectClear({
    'a saved address': main.getByRole('link', { name: /Deliver to Asha Rao.*12 Ganga Road/ }),
    'order updates on WhatsApp': main.getByLabel('Send me order updates on WhatsApp'),
  });
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order\/VA-/);
  await expect(page.getByText(/21 MG Road, Bengaluru, Karnataka 560001/)).toBeVisible();

  // An address already in the book is not saved twice.
  await page.goto('/dashboard/addresses');
  await expect(saved).toHaveCount(2);

  // Deleting asks first; "No, keep it" keeps it, "Yes, delete it" removes it.
  const deleteGanga = main.getByRole('link', { name: /^Delete the address of .*12 Ganga Road/ });
  await deleteGanga.click();
  const confirm = main.getByRole('form', { name: 'Delete this address?' });
  await expect(confirm).toContainText('12 Ganga Road will be removed from your address book');
  await expectNoAxeViolations(page, 'address book asking before it deletes');
  await confirm.getByRole('link', { name: 'No, keep it' }).click();
  await expect(confirm).toBeHidden();
  await expect(saved).toHaveCount(2);
  await deleteGanga.click();
  await confirm.getByRole('button', { name: 'Yes, delete it' }).click();
  await expect(main.getByText('The address has been deleted.')).toBeVisible();
  await expect(saved).toHaveCount(1);
  await expect(saved.first()).toContainText('21 MG Road');
});
