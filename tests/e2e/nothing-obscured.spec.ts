// WCAG 2.4.11 Focus Not Obscured on a 390 px phone: wherever a control or a total is scrolled to (the
// top, middle or bottom of the screen, as focus or a finger leaves it), nothing fixed or sticky (the
// header, the chat and Rewards buttons, the quick add-to-cart bar, a toast) sits on top of it. Checked
// where the shopper would notice: the point at the control's centre belongs to the control.
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { whenHydrated } from './hydration';
import { coverAt, expectClear } from './obscured';

// Motion as most shoppers have it (playwright.config.ts reduces it for the rest of the suite).
test.use({ viewport: { width: 390, height: 844 }, reducedMotion: 'no-preference' });

async function add(page: Page, productId: number) {
  const response = await page.request.post('/api/cart', { data: { intent: 'add', productId, months: 1, quantity: 1 } });
  expect(response.ok(), await response.text()).toBe(true);
}

test('product page: quantity stepper, price and Add to Cart stay clear of the floating buttons and the quick bar', async ({
  page,
}) => {
  await page.goto('/product/1');
  const main = page.getByRole('main');
  await whenHydrated(main.getByRole('button', { name: 'Increase quantity' }));
  await whenHydrated(
    page
      .getByRole('button', { name: 'Rewards', exact: true })
      .or(page.getByRole('link', { name: 'Rewards', exact: true })),
  );
  await expectClear({
    'Decrease quantity': main.getByRole('button', { name: 'Decrease quantity' }),
    Quantity: main.getByRole('spinbutton', { name: 'Quantity' }),
    'Increase quantity': main.getByRole('button', { name: 'Increase quantity' }),
    'Add to Cart': main.locator('#add-to-cart').getByRole('button', { name: 'Add to Cart' }),
    // The delivery check: the PIN box and its button (the floating Rewards and WhatsApp buttons sit low on the left and right).
    'PIN code': main.getByRole('textbox', { name: 'PIN code' }),
    Check: main.locator('#delivery-check').getByRole('button', { name: 'Check', exact: true }),
  });
  await expectNoAxeViolations(page, 'product page at 390 px');
});

test('cart and checkout: steppers, Total, Checkout and Place Order stay clear', async ({ page }) => {
  await add(page, 1);
  await page.goto('/cart');
  const main = page.getByRole('main');
  await expectClear({
    'Increase quantity': main.getByRole('button', { name: /^Increase quantity of / }).first(),
    'Decrease quantity': main.getByRole('button', { name: /^Decrease quantity of / }).first(),
    Total: main.locator('[data-total]').first(),
    Checkout: main
      .getByRole('link', { name: 'Checkout' })
      .or(main.getByRole('button', { name: 'Checkout' }))
      .first(),
  });
  await expectNoAxeViolations(page, 'cart at 390 px');

  await page.goto('/checkout');
  await whenHydrated(main.getByLabel('Email'));
  await expectClear({
    'Mobile number': main.getByLabel(/^Mobile number/),
    'PIN code': main.getByLabel(/PIN code/).first(),
    Total: page.getByRole('complementary', { name: 'Order summary' }).locator('[data-total]'),
    'Place Order': main.getByRole('button', { name: 'Place Order' }),
  });
  await expectNoAxeViolations(page, 'checkout at 390 px');
});

test('blog article and home: share links, Back to Blog and Read all articles stay clear', async ({ page }) => {
  await page.goto('/blog/ashwagandha-stress-relief');
  const main = page.getByRole('main');
  await expectClear({
    WhatsApp: main.getByRole('link', { name: /^WhatsApp/ }).first(),
    'Back to Blog': main.getByRole('link', { name: 'Back to Blog' }),
  });
  await expectNoAxeViolations(page, 'blog article at 390 px');

  await page.goto('/');
  await expectClear({ 'Read all articles': page.getByRole('link', { name: 'Read all articles' }) });
});

test('a toast raised while the cart drawer is open leaves its title and close button uncovered', async ({ page }) => {
  await page.goto('/product/1');
  const cart = page.getByRole('banner').getByRole('link', { name: /^Cart, / });
  await whenHydrated(page.getByRole('main').getByRole('button', { name: 'Increase quantity' }));
  await whenHydrated(cart);
  await cart.click();
  const drawer = page.getByRole('dialog', { name: 'Your Cart' });
  await expect(drawer.getByText('Your cart is empty')).toBeVisible();
  // Added from the page's own form while the drawer is open (the page behind it is inert to clicks).
  await page.evaluate(() => (document.getElementById('add-to-cart') as HTMLFormElement).requestSubmit());
  // Shown inside the drawer, below its title; the page's own toaster (behind the drawer) stays hidden.
  await expect(drawer.getByText(/^Added .+ to cart!$/)).toBeVisible();
  await expect(page.locator('[data-toaster]').getByText(/^Added .+ to cart!$/)).toBeHidden();
  expect(await coverAt(drawer.getByRole('heading', { name: 'Your Cart' }), 'nearest')).toBeNull();
  expect(await coverAt(drawer.getByRole('button', { name: 'Close cart' }), 'nearest')).toBeNull();
  await expectNoAxeViolations(page, 'cart drawer with a toast');
});

test("the added-to-cart toast leaves the header's menu and cart button uncovered, at the top of the page and scrolled", async ({
  page,
}) => {
  await page.goto('/product/1');
  const header = page.getByRole('banner');
  const add = page.getByRole('main').locator('#add-to-cart').getByRole('button', { name: 'Add to Cart' });
  await whenHydrated(page.getByRole('main').getByRole('button', { name: 'Increase quantity' }));
  for (const scrolled of [false, true]) {
    if (scrolled) await page.evaluate(() => window.scrollTo(0, 600));
    else await page.evaluate(() => window.scrollTo(0, 0));
    await page.evaluate(() => (document.getElementById('add-to-cart') as HTMLFormElement).requestSubmit());
    await expect(page.getByText(/^Added .+ to cart!$/).first()).toBeVisible();
    for (const control of [
      header.getByRole('link', { name: /^Cart, / }),
      header.getByRole('button', { name: 'Open menu' }),
    ]) {
      expect(
        await control.evaluate((element) => {
          const box = element.getBoundingClientRect();
          const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return Boolean(hit && (hit === element || element.contains(hit)));
        }),
        `${scrolled ? 'scrolled' : 'top'}: header control uncovered`,
      ).toBe(true);
    }
    await expect(add).toBeAttached();
  }
});
