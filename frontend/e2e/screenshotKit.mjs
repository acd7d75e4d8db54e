// What every screenshot script of e2e/ shares: the command line (<baseUrl> [width]), Debian's
// Chromium, the two widths, waiting for a page to settle, and signing a demo user in to the office.
import { chromium } from '@playwright/test';

export const base = process.argv[2] ?? 'http://127.0.0.1:8000';
export const widths = process.argv[3] ? [Number(process.argv[3])] : [1440, 390];
export const DEMO_PASSWORD = 'remote-2026';

export function viewportOf(width) {
  return { width, height: width === 390 ? 844 : 900 };
}

export function launch() {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

export async function settle(page, ms = 700) {
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.waitForTimeout(ms);
}

/** `shot(page, name, options)` writes `<out>/<name>-<width>.png` once the page has settled. */
export function shooter(out, width) {
  return async (page, name, options = {}) => {
    await settle(page);
    await page.screenshot({ path: `${out}/${name}-${width}.png`, ...options });
  };
}

export async function signInToOffice(page, email) {
  await page.goto(`${base}/`);
  await page.getByLabel('Email').fill(email);
  await page.getByPlaceholder('Password 8+ characters').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/(office|start-work)$/, { timeout: 30_000 });
  if (page.url().endsWith('/start-work')) await page.getByRole('button', { name: 'Enter the Office' }).click();
  await page.waitForURL(/\/office$/, { timeout: 30_000 });
}
