// Both quizzes end to end: the dosha quiz and sources modal on /sacred-science, and the wellness
// quiz on /quiz through results, the consultation form and the thank-you page.
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { whenHydrated } from './hydration';

test.describe('dosha quiz on /sacred-science', () => {
  const quiz = (page: Page) => page.getByRole('region', { name: 'Discover Your Dominant Dosha' });

  async function openQuiz(page: Page) {
    await page.goto('/sacred-science');
    await expect(
      quiz(page).getByText('A 2-minute check to personalize products and routines to your mind-body type'),
    ).toBeVisible();
    await whenHydrated(quiz(page).getByRole('button', { name: 'Find Your Dosha' }));
  }

  test('answering every question names the dominant dosha; ties name each', async ({ page }) => {
    await openQuiz(page);
    const questions = quiz(page).getByRole('combobox');
    const count = await questions.count();
    expect(count).toBeGreaterThanOrEqual(8);
    for (const question of await questions.all()) {
      await expect(question.locator('option').first()).toHaveText('Select an option');
      await expect(question.locator('option')).toHaveCount(4);
    }
    const result = quiz(page).getByRole('status');

    // Options are listed Vata, Pitta, Kapha: answer Pitta everywhere.
    for (const question of await questions.all()) await question.selectOption({ index: 2 });
    await quiz(page).getByRole('button', { name: 'Find Your Dosha' }).click();
    await expect(result).toHaveText('Your dominant dosha(s): Pitta');

    // One Vata and one Kapha answer, the rest blank: a tie, joined by commas.
    for (const question of await questions.all()) await question.selectOption({ index: 0 });
    await questions.nth(0).selectOption({ index: 1 });
    await questions.nth(1).selectOption({ index: 3 });
    await quiz(page).getByRole('button', { name: 'Find Your Dosha' }).click();
    await expect(result).toHaveText('Your dominant dosha(s): Vata, Kapha');
    await expect(page).toHaveURL(/\/sacred-science$/); // answered in place: the form did not go anywhere
  });

  test('nothing answered asks for answers', async ({ page }) => {
    await openQuiz(page);
    await quiz(page).getByRole('button', { name: 'Find Your Dosha' }).click();
    await expect(quiz(page).getByRole('status')).toHaveText('Answer the questions to see your result.');
    await expect(quiz(page).getByText('10k+ quizzes')).toBeVisible();
  });

  test('View sources opens the references modal, passes axe and closes on Escape', async ({ page }) => {
    await page.goto('/sacred-science');
    const open = page.getByRole('link', { name: 'View sources' });
    await expect(open).toHaveAttribute('aria-haspopup', 'dialog'); // the page's script has taken it over
    const dialog = page.getByRole('dialog', { name: 'Sources and further reading' });
    await open.click();
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/sacred-science$/);
    expect(await dialog.getByRole('listitem').count()).toBeGreaterThanOrEqual(5);
    await expectNoAxeViolations(page, 'View sources modal');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
    // The Close button works too.
    await open.click();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the dosha quiz answers from the server, and keeps the answers given', async ({ page }) => {
    await page.goto('/sacred-science');
    const quiz = page.getByRole('region', { name: 'Discover Your Dominant Dosha' });
    const questions = quiz.getByRole('combobox');
    await questions.nth(0).selectOption({ index: 1 }); // Vata
    await questions.nth(1).selectOption({ index: 3 }); // Kapha
    await quiz.getByRole('button', { name: 'Find Your Dosha' }).click();
    await expect(page).toHaveURL(/\/sacred-science\/dosha\?energy=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your dominant dosha(s): Vata, Kapha');
    const again = page.getByRole('region', { name: 'Discover Your Dominant Dosha' });
    await expect(again.getByRole('status')).toHaveText('Your dominant dosha(s): Vata, Kapha');
    await expect(again.getByRole('combobox').nth(0)).toHaveValue('Comes in bursts, then I tire quickly');

    // Nothing answered (or answers that are not options) asks for answers; never an error page.
    const response = await page.goto('/sacred-science/dosha?energy=%3Cscript%3E&stress=');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Answer the questions to see your result.');
  });

  test('View sources leads to the list of sources', async ({ page }) => {
    await page.goto('/sacred-science');
    await page.getByRole('link', { name: 'View sources' }).click();
    await expect(page).toHaveURL(/\/sacred-science\/sources$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sources and further reading' })).toBeVisible();
    expect(await page.getByRole('main').getByRole('listitem').count()).toBeGreaterThanOrEqual(5);
  });

  test('the wellness quiz shows no answer buttons that cannot work, and offers a consultation instead', async ({
    page,
  }) => {
    await page.goto('/quiz');
    await expect(page.getByText('The quiz needs JavaScript.')).toBeVisible();
    await expect(page.getByRole('main').getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('link', { name: 'Book a free consultation' })).toHaveAttribute(
      'href',
      '/appointment',
    );
  });

  test('Rewards is a link to the rewards on the dashboard (sign-in first), not a dead button', async ({ page }) => {
    await page.goto('/track');
    await expect(page.getByRole('button', { name: 'Rewards', exact: true })).toHaveCount(0);
    await page.getByRole('link', { name: 'Rewards', exact: true }).click();
    await expect(page).toHaveURL(/\/sign-in/);
  });
});

test.describe('sources and dosha pages pass axe', () => {
  test('/sacred-science/sources and a dosha result', async ({ page }) => {
    await page.goto('/sacred-science/sources');
    await expectNoAxeViolations(page, '/sacred-science/sources');
    await page.goto('/sacred-science/dosha?energy=Comes+in+bursts%2C+then+I+tire+quickly');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your dominant dosha(s): Vata');
    await expectNoAxeViolations(page, 'dosha result page');
  });
});

test.describe('wellness quiz on /quiz', () => {
  const progress = (page: Page) => page.getByRole('progressbar');
  const options = (page: Page) => page.getByRole('group', { name: /./ }).getByRole('button');

  async function startQuiz(page: Page) {
    await page.goto('/quiz');
    await whenHydrated(page.getByRole('button', { name: 'Restart Quiz' }));
    await expect(progress(page)).toHaveAttribute('aria-valuetext', 'Question 1 of 10');
  }

  /** Answers the remaining questions with the option at `index` (0 = a … 4 = e). */
  async function answerRest(page: Page, index: number) {
    for (;;) {
      const text = await progress(page).getAttribute('aria-valuetext');
      await expect(options(page)).toHaveCount(5);
      await options(page).nth(index).click();
      if (text === 'Question 10 of 10') return;
      await expect(progress(page)).not.toHaveAttribute('aria-valuetext', text!);
    }
  }

  test('the first question appears where the page kept room for it: nothing below it jumps', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await startQuiz(page);
    // Chromium's own record of layout shifts since the page started loading (none came from input).
    const shifted = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            resolve(list.getEntries().reduce((sum, entry) => sum + (entry as unknown as { value: number }).value, 0));
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(0), 1000); // no entry at all: nothing shifted
        }),
    );
    expect(shifted).toBeLessThan(0.02);
  });

  test('ten questions with Previous and Restart, then results with products from the catalogue', async ({ page }) => {
    await startQuiz(page);
    const previous = page.getByRole('button', { name: 'Previous' });
    await expect(previous).toBeDisabled();

    // Answer the first, go back: the answer is remembered.
    await options(page).nth(1).click();
    await expect(progress(page)).toHaveAttribute('aria-valuetext', 'Question 2 of 10');
    await previous.click();
    await expect(progress(page)).toHaveAttribute('aria-valuetext', 'Question 1 of 10');
    await expect(options(page).nth(1)).toHaveAttribute('aria-pressed', 'true');

    // Restart clears every answer.
    await options(page).nth(1).click();
    await page.getByRole('button', { name: 'Restart Quiz' }).click();
    await expect(progress(page)).toHaveAttribute('aria-valuetext', 'Question 1 of 10');
    await expect(options(page).and(page.locator('[aria-pressed="true"]'))).toHaveCount(0);

    // Mostly gut answers (option b) → the gut result.
    await answerRest(page, 1);
    await expect(page.getByRole('heading', { name: 'Your wellness focus: Gut & Digestive Harmony' })).toBeVisible();
    const picks = page.getByRole('main').getByRole('article');
    await expect(picks.first()).toBeVisible();
    for (const card of await picks.all()) {
      await expect(card.getByRole('link')).toHaveAttribute('href', /^\/product\/\d+$/);
      await expect(card.getByText(/^₹[\d,]+$/).first()).toBeVisible();
    }
    await picks.first().getByRole('link').click();
    await expect(page).toHaveURL(/\/product\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText((await page.title()).split(' | ')[0]);
  });

  test('consultation: errors for bad input, then the request is stored and thanked for', async ({ page }) => {
    await startQuiz(page);
    await answerRest(page, 0);
    await expect(page.getByRole('heading', { name: 'Your wellness focus: Energy & Vitality' })).toBeVisible();

    const ask = page.getByRole('button', { name: 'Get Personalized Consultation' });
    await ask.click();
    await expect(page.getByRole('heading', { name: 'Get Personalized Consultation' })).toBeVisible();
    await expect(ask).toBeHidden();
    await expectNoAxeViolations(page, 'open consultation form');
    const form = page.getByRole('main');

    // Nothing filled: each field says what is missing, and nothing is stored.
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Please enter your name.')).toBeVisible();
    await expect(form.getByLabel('Name')).toBeFocused();
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
    const phoneMessage = 'Please enter a 10-digit Indian mobile number (starting with 6, 7, 8 or 9).';
    await expect(page.getByText(phoneMessage)).toHaveCount(1); // one message per field, no summary repeating it
    await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

    // A number that cannot be called back (too short, not a mobile) is refused like at checkout.
    await form.getByLabel('Phone').fill('12345');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(phoneMessage)).toHaveCount(1);
    await expect(form.getByLabel('Phone')).toHaveAttribute('aria-invalid', 'true');

    await form.getByLabel('Name').fill('Meera Iyer');
    await form.getByLabel('Email').fill('meera@example');
    await form.getByLabel('Phone').fill('+91 98123 45678');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(page.getByText('Please enter your name.')).toBeHidden();
    await expect(page.getByText(phoneMessage)).toBeHidden();

    await form.getByLabel('Email').fill('meera@example.in');
    const stored = page.waitForResponse(
      (r) => r.url().endsWith('/api/quiz/consultation') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Submit' }).click();
    const response = await stored;
    expect(response.status()).toBe(201);
    // The lead's id stays on the server (a bot caught by the honeypot gets the same answer).
    expect(await response.json()).toEqual({ ok: true, category: 'energy' });
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
    await expect(page.getByText(/call you within 24 hours/)).toBeVisible();

    // Back to Results: the consultation button stays hidden once submitted.
    await page.getByRole('button', { name: 'Back to Results' }).click();
    await expect(page.getByRole('heading', { name: /Your wellness focus/ })).toBeVisible();
    await expect(ask).toBeHidden();
    await page.getByRole('button', { name: 'Retake Quiz' }).click();
    await expect(progress(page)).toHaveAttribute('aria-valuetext', 'Question 1 of 10');
  });
});
