// Screenshots of the calendar and its preferences (docs/screenshots/issue29/):
//   node e2e/screenshots-calendar.mjs <baseUrl>
// Ben (a member, in the office) on the calendar's week, with the default preferences and then with
// Sunday weeks, the 12-hour clock and decimal hours; his profile's Preferences; Ada (the admin)
// on the workspace's Defaults. At 1440x900 and 390x844. Ben's preferences are put back at the end.
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://127.0.0.1:8150';
const out = '../docs/screenshots/issue29';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });

async function token(email) {
  const answer = await fetch(`${base}/api/accounts/token/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'remote-2026' }),
  });
  return (await answer.json()).token;
}

async function setPreferences(email, preferences) {
  const form = new FormData();
  for (const [key, value] of Object.entries(preferences)) form.append(key, value);
  await fetch(`${base}/api/accounts/me/`, { method: 'PATCH', headers: { Authorization: `Token ${await token(email)}` }, body: form });
}

async function signIn(page, email) {
  await page.goto(`${base}/`);
  await page.getByLabel('Email').fill(email);
  await page.getByPlaceholder('Password 8+ characters').fill('remote-2026');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/(office|start-work)$/, { timeout: 30_000 });
  if (page.url().endsWith('/start-work')) {
    await page.getByRole('button', { name: 'Enter the Office' }).click();
    await page.waitForURL(/\/office$/, { timeout: 30_000 });
  }
}

async function calendar(page, name) {
  await page.goto(`${base}/calendar`);
  await page.locator('[data-testid^="calendar-day-"], [data-testid^="calendar-list-"]').first().waitFor({ timeout: 30_000 });
  await page.locator('.calendar-summary').waitFor({ timeout: 30_000 });
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/${name}.png`, fullPage: true });
}

const DEFAULTS = { first_day_of_week: '', clock_format: '24h', duration_format: 'hm' };
try {
  for (const [size, viewport] of [['1440', { width: 1440, height: 900 }], ['390', { width: 390, height: 844 }]]) {
    await setPreferences('ben@example.com', DEFAULTS);
    const context = await browser.newContext({ viewport, timezoneId: 'America/Toronto' });
    const page = await context.newPage();
    await signIn(page, 'ben@example.com');
    await calendar(page, `calendar-week-${size}`);

    // The profile's Preferences, changed (not saved yet), then saved.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Manage account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    await dialog.getByRole('heading', { name: 'Preferences' }).scrollIntoViewIfNeeded();
    const chosen = dialog.getByText('Sunday', { exact: true }); // the select's shown value
    for (let attempt = 0; attempt < 3 && (await chosen.count()) === 0; attempt += 1) {
      await dialog.getByRole('combobox', { name: 'First day of the week' }).click();
      await page.waitForTimeout(300); // the drop-down's opening animation
      await page.locator('.ant-select-item-option:visible', { hasText: /^Sunday$/ }).click();
      await page.waitForTimeout(300);
    }
    await dialog.getByText('12-hour (1:30 PM)').click();
    await dialog.getByText('Decimal (1.50h)').click();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${out}/preferences-${size}.png` });
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await calendar(page, `calendar-week-sunday-12h-decimal-${size}`);
    await page.goto(`${base}/history`);
    await page.getByRole('table').first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${out}/history-sunday-12h-decimal-${size}.png`, fullPage: true });
    await context.close();

    // The workspace's default (Ada, the admin).
    const admin = await browser.newContext({ viewport, timezoneId: 'Europe/Lisbon' });
    const adminPage = await admin.newPage();
    await signIn(adminPage, 'ada@example.com');
    await adminPage.goto(`${base}/workspace`);
    await adminPage.getByRole('heading', { name: 'Defaults' }).waitFor({ timeout: 30_000 });
    await adminPage.waitForTimeout(800);
    await adminPage.screenshot({ path: `${out}/workspace-defaults-${size}.png`, fullPage: true });
    await admin.close();
  }
} finally {
  await setPreferences('ben@example.com', DEFAULTS);
  await browser.close();
}
