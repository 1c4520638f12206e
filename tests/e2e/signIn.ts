import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../src/common/constants.js';

/** Signs a demo user in through the login page, as a person would. */
export async function signIn(page: Page, username: string, { internal = false } = {}) {
  await page.goto(internal ? '/login?internal=true' : '/login');
  await page.getByLabel('Username').fill(username);
  await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}
