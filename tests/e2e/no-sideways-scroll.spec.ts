// On a 360 px phone no page scrolls sideways (WCAG 1.4.10 reflow); wide content scrolls inside its
// own box or wraps.
import { expect, test } from '@playwright/test';

// Motion as most shoppers have it (playwright.config.ts reduces it for the rest of the suite).
test.use({ reducedMotion: 'no-preference' });

const PAGES = [
  '/',
  '/shop-all',
  '/shop-by-wellness',
  '/product/1',
  '/product/6',
  '/search?q=sleep',
  '/search?q=xqzvwk',
  '/cart',
  '/checkout',
  '/appointment',
  '/quiz',
  '/sacred-science',
  '/sacred-science/sources',
  '/sacred-science/dosha?energy=Comes+in+bursts%2C+then+I+tire+quickly',
  '/our-story',
  '/blog',
  '/blog/ashwagandha-stress-relief',
  '/track',
  '/sign-in',
  '/sign-in/phone',
  '/sign-up',
  '/refunds',
  '/Privacy',
  '/no-such-page',
  '/wishlist',
  '/wishlist?ids=1,2,3',
  '/product/1/reviews',
  '/grievances',
  '/grievances?order=VA-7K2M9QXD',
];

test.use({ viewport: { width: 360, height: 780 } });

for (const path of PAGES) {
  test(`${path} fits a 360 px screen`, async ({ page }) => {
    await page.goto(path);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${path} is ${width} px wide`).toBeLessThanOrEqual(360);
  });
}
