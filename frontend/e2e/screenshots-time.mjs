// Screenshots of time on tasks (docs/screenshots/issue10/): node e2e/screenshots-time.mjs <baseUrl>
// Ada (the demo's running tracker) on Today, a list page and the manage-time popover, at 1440x900 and 390x844.
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://127.0.0.1:8045';
const out = '../docs/screenshots/issue10';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const [name, viewport] of [['desktop', { width: 1440, height: 900 }], ['mobile', { width: 390, height: 844 }]]) {
  const page = await browser.newPage({ viewport });
  await page.goto(`${base}/`);
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByPlaceholder('Password 8+ characters').fill('remote-2026');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/office$/, { timeout: 30_000 });
  await page.getByTestId('tracking-tag').waitFor({ timeout: 30_000 });
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/office-header-${name}.png` });
  await page.goto(`${base}/today`);
  await page.getByTestId('time-bar').first().waitFor({ timeout: 30_000 });
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/today-${name}.png`, fullPage: true });
  await page.getByTestId('manage-time').first().click();
  await page.getByTestId('manage-time-popover').waitFor();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${out}/manage-time-popover-${name}.png` });
  await page.keyboard.press('Escape');
  const list = await page.locator('a[href^="/l/"]').first().getAttribute('href');
  await page.goto(`${base}${list}`);
  await page.getByTestId('task-time').first().waitFor({ timeout: 30_000 });
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/list-${name}.png`, fullPage: true });
  await page.close();
}
await browser.close();
