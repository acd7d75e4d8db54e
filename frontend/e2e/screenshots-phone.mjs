// Screenshots of sign-in and the office header at 390 px (docs/screenshots/issue26/):
//   node e2e/screenshots-phone.mjs <baseUrl> <suffix>   (suffix: before | after)
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://127.0.0.1:8000';
const suffix = process.argv[3] ?? 'after';
const out = '../docs/screenshots/issue26';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
await page.goto(`${base}/`);
await page.getByLabel('Email').waitFor();
await page.waitForTimeout(500);
await page.screenshot({ path: `${out}/sign-in-390-${suffix}.png`, fullPage: true });
await page.getByLabel('Email').fill('ada@example.com');
await page.getByPlaceholder('Password 8+ characters').fill('remote-2026');
await page.getByRole('button', { name: 'Log in' }).click();
await page.waitForURL(/\/office$/, { timeout: 30_000 });
await page.getByTestId('tracking-tag').waitFor({ timeout: 30_000 });
await page.waitForTimeout(1000);
await page.screenshot({ path: `${out}/header-390-${suffix}.png`, clip: { x: 0, y: 0, width: 390, height: 220 } });
await page.screenshot({ path: `${out}/office-390-${suffix}.png` });
await browser.close();
