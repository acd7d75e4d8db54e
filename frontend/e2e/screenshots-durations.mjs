// Screenshots of durations typed as people say them (issue 31, docs/screenshots/issue31/):
//   node e2e/screenshots-durations.mjs <baseUrl>   (a demo server; Ben at 1440x900 and 390x844)
// The manage-task-time popover with '+20m' typed, then '1:75' refused, and Add Manual Shift with a length typed.
import { chromium, request as http } from '@playwright/test';

const base = process.argv[2] ?? 'http://127.0.0.1:8180';
const out = '../docs/screenshots/issue31';
const api = await http.newContext({ baseURL: base });
const { token } = await (await api.post('/api/accounts/token/', { data: { email: 'ben@example.com', password: 'remote-2026' } })).json();
// In the office, so the day has work time to put on tasks.
await api.post('/api/work/create_log_user_status/', { headers: { Authorization: `Token ${token}` }, data: { status_enum_identifier: 'working' } });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const [name, viewport] of [['1440', { width: 1440, height: 900 }], ['390', { width: 390, height: 844 }]]) {
  const page = await browser.newPage({ viewport });
  await page.goto(`${base}/`);
  await page.getByLabel('Email').fill('ben@example.com');
  await page.getByPlaceholder('Password 8+ characters').fill('remote-2026');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/office$/, { timeout: 30_000 });
  await page.goto(`${base}/today`);
  const card = page.getByTestId('task-card').first();
  await card.waitFor({ timeout: 30_000 });
  await card.hover();
  await card.getByTestId('manage-time').click();
  const field = page.getByLabel('Time today (1h30 sets it, +15m adds)');
  await field.fill('+20m');
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}/task-time-typed-${name}.png` });
  await field.fill('1:75');
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}/task-time-refused-${name}.png` });
  await page.keyboard.press('Escape');
  await page.goto(`${base}/history`);
  await page.getByRole('button', { name: 'Add Manual Shift' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Manual Shift' });
  await dialog.getByLabel('Start time').fill('09:00');
  await dialog.getByLabel('Or type its length (Enter sets the end)').fill('7:30');
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}/shift-length-${name}.png` });
  await page.close();
}
await browser.close();
