// Screenshots of activities, unread and notifications (docs/screenshots/issue11/):
// node e2e/screenshots-activities.mjs <baseUrl>  (a demo server; Ada at 1440x900 and 390x844)
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://127.0.0.1:8045';
const out = '../docs/screenshots/issue11';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const [name, viewport] of [['desktop', { width: 1440, height: 900 }], ['mobile', { width: 390, height: 844 }]]) {
  const page = await browser.newPage({ viewport });
  await page.goto(`${base}/`);
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByPlaceholder('Password 8+ characters').fill('remote-2026');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/office$/, { timeout: 30_000 });
  await page.goto(`${base}/unread`);
  await page.getByTestId('unread-project').first().waitFor({ timeout: 30_000 });
  await page.getByTestId('unread-task').first().click();
  await page.waitForTimeout(1200);
  await page.screenshot({ path: `${out}/unread-${name}.png`, fullPage: true });
  await page.getByTestId('notifications-bell').click();
  await page.getByTestId('notification').first().waitFor({ timeout: 30_000 });
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${out}/notifications-${name}.png` });
  await page.keyboard.press('Escape');
  await page.goto(`${base}/today`);
  await page.getByTestId('task-time').first().waitFor({ timeout: 30_000 });
  await page.locator('.task-card, [data-testid="task-card"]').first().click();
  await page.getByRole('tab', { name: /Activit/ }).click();
  await page.waitForTimeout(1200);
  await page.screenshot({ path: `${out}/task-activities-${name}.png`, fullPage: true });
  await page.close();
}
await browser.close();
