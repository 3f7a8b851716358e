// Account steps the browser tests share: sign up, sign in, sign out.
import { expect, type Page } from '@playwright/test';

export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export async function signUp(page: Page, email: string, password = 'tulsi-leaf-42') {
  await page.goto('/sign-up');
  const form = page.getByRole('main');
  await form.getByLabel('Full name').fill('Asha Rao');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel('Repeat password').fill(password);
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Asha!' })).toBeVisible();
}

export async function signIn(page: Page, email: string, password: string) {
  const form = page.getByRole('main');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

export async function signOut(page: Page) {
  await page.goto('/dashboard');
  await page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
}

