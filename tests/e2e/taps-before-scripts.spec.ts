// Issue 22 part 3: React loads only when the shopper acts, and nothing tapped before the page's scripts
// arrive is lost. Each test holds the scripts a tap needs (page.route) until after the tap, then lets
// them through and checks what the shopper sees: the cart count, the open drawer, the sorted grid.
import { expect, type Page, test } from '@playwright/test';
import { addToCart } from './checkout-form';

/** Holds every request matching `pattern` until `release()` is called. */
async function holdScripts(page: Page, pattern: RegExp) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = 0;
  await page.route(pattern, async (route) => {
    asked += 1;
    await held;
    await route.continue();
  });
  return { release, asked: () => asked };
}

test('a sort chosen before the listing’s script arrives is kept and applied', async ({ page }) => {
  const scripts = await holdScripts(page, /\/_astro\/ShopAllListing[^/]*\.js$/);
  await page.goto('/shop-all');
  const sort = page.getByRole('main').getByLabel('Sort by');
  // The shopper reaches for the sort (focus, as a tap or Tab gives it): that wakes the listing.
  await sort.focus();
  await expect.poll(scripts.asked).toBe(1);
  await sort.selectOption('price-low');
  scripts.release();
  await expect(page).toHaveURL(/\/shop-all\?sort=price-low$/);
  await expect(sort).toHaveValue('price-low');
  const prices = page.getByRole('main').getByRole('article').locator('.text-lg.font-bold');
  await expect
    .poll(async () => {
      const shown = (await prices.allTextContents()).map((t) => Number(t.replace(/[^\d]/g, '')));
      return shown.length > 1 && shown.every((p, i) => i === 0 || shown[i - 1]! <= p);
    })
    .toBe(true);
});

test('a tap on Add to Cart before the plan picker’s script arrives adds the item', async ({ page }) => {
  const scripts = await holdScripts(page, /\/_astro\/PlanPicker[^/]*\.js$/);
  await page.goto('/product/1');
  const name = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  // The tap wakes the picker; its form does not wait for it: the item goes to the cart and the shopper
  // lands on it (with the script there in time, the picker adds in place instead).
  await page.getByRole('main').getByRole('button', { name: 'Add to Cart' }).first().click();
  scripts.release();
  await expect(page).toHaveURL(/\/cart(\?|$)/);
  await expect(page.getByRole('main').getByRole('link', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: /^Cart, / })).toHaveAccessibleName('Cart, 1 item');
});

test('a tap on the cart button before the page’s scripts arrive opens the drawer once they do', async ({ page }) => {
  const scripts = await holdScripts(page, /\/_astro\/[^/]+\.js$/);
  // The page's scripts are asked for at its load (decision 0133) and held here: wait for what the
  // shopper sees.
  await page.goto('/our-story', { waitUntil: 'commit' });
  const cart = page.getByRole('banner').getByRole('link', { name: /^Cart, / });
  await expect(cart).toBeVisible();
  await expect(cart).not.toHaveAttribute('data-enhance', 'ready');
  await cart.click();
  // Held, not followed: the page stays.
  await expect(cart).toHaveAttribute('data-held', '');
  await expect(page).toHaveURL(/\/our-story$/);
  scripts.release();
  await expect(page.getByRole('dialog', { name: 'Your Cart' })).toBeVisible();
  await expect(page).toHaveURL(/\/our-story$/);
  await expect(cart).not.toHaveAttribute('data-held');
});

test('a tap on the cart button whose script never comes is followed to the cart once the others have run', async ({
  page,
}) => {
  const scripts = await holdScripts(page, /\/_astro\/[^/]+\.js$/);
  await page.route(/\/_astro\/CartButton[^/]*\.js$/, (route) => route.abort());
  await page.goto('/our-story', { waitUntil: 'commit' });
  const cart = page.getByRole('banner').getByRole('link', { name: /^Cart, / });
  await cart.click();
  await expect(cart).toHaveAttribute('data-held', '');
  scripts.release();
  await expect(page).toHaveURL(/\/cart$/);
});

test('an answer tapped before the quiz’s script arrives is taken once it does', async ({ page }) => {
  const scripts = await holdScripts(page, /\/_astro\/WellnessQuiz[^/]*\.js$/);
  await page.goto('/quiz');
  const progress = page.getByRole('progressbar');
  await expect(progress).toHaveAttribute('aria-valuetext', 'Question 1 of 10');
  await page.getByRole('group', { name: /./ }).getByRole('button').first().click();
  scripts.release();
  await expect(progress).toHaveAttribute('aria-valuetext', 'Question 2 of 10');
});

test('paying online, chosen before the checkout’s script arrives, stays chosen once it does', async ({ page }) => {
  await addToCart(page);
  const scripts = await holdScripts(page, /\/_astro\/CheckoutForm\.[\w-]+\.js$/);
  await page.goto('/checkout');
  await expect.poll(scripts.asked).toBe(1);
  const online = page.getByRole('radio', { name: /Pay online/ });
  await online.check();
  scripts.release();
  // The form's own button follows the choice once React runs it: the order is placed for paying online.
  await expect(page.getByRole('button', { name: 'Place Order and Pay' })).toBeVisible();
  await expect(online).toBeChecked();
  await expect(page.getByRole('radio', { name: /Cash on Delivery/ })).not.toBeChecked();
});

test('home, listing, product, quiz and appointment load no React until the shopper acts', async ({ page }) => {
  const react: string[] = [];
  page.on('request', (request) => {
    if (/\/_astro\/(client|index)\.[\w-]+\.js$/.test(request.url())) react.push(new URL(request.url()).pathname);
  });
  for (const path of ['/', '/shop-all', '/product/1', '/quiz', '/appointment']) {
    await page.goto(path);
    // The page's own scripts run once it has loaded (server/http/after-load.ts): a shopper reading it.
    await expect(page.locator('html')).toHaveAttribute('data-scripts', 'ran');
    // A full scroll, as a shopper reading the page: no tap, no focus.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 600) {
        window.scrollTo(0, y);
        await new Promise(requestAnimationFrame);
      }
    });
    // What waits for the page to be idle (client:idle) or seen (client:visible) has asked by now.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
    // The last thing a scroll wakes on the home page is the favourites grid: its cards are in.
    if (path === '/')
      await expect(page.getByRole('region', { name: 'Most Loved Picks' }).getByRole('article')).toHaveCount(4);
    expect(react, `${path} loaded React before any tap`).toEqual([]);
  }
});
