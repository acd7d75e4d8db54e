// Screenshots of calendars and trackers (docs/screenshots/issue15/):
//   node e2e/screenshots-integrations.mjs <baseUrl> <fakeUrl>
// Ben with the fake calendar and Toggl: the office page (Reload tooltip, tracked time), Edit
// Profile's Integration section and the checkout's hours cards, at 1440x900 and 390x844.
import { chromium, request as http } from '@playwright/test';

const base = process.argv[2] ?? 'http://127.0.0.1:8072';
const fake = process.argv[3] ?? 'http://127.0.0.1:8073';
const out = '../docs/screenshots/issue15';
const BEN = { email: 'ben@example.com', password: 'remote-2026' };

const api = await http.newContext({ baseURL: base });
const { token } = await (await api.post('/api/accounts/token/', { data: BEN })).json();
const headers = { Authorization: `Token ${token}` };
await api.post('/api/work/create_log_user_status/', { headers, data: { status_enum_identifier: 'working' } });
await api.patch('/api/work/integrations/', {
  headers,
  data: {
    external_calendar_config_json: { url: `${fake}/calendar/daily.ics` },
    external_tracker_config_json: { provider: 'toggl', api_token: 'toggl-demo-token', base_url: `${fake}/toggl` },
  },
});
const day = (offset) => {
  const d = new Date(Date.now() + offset * 86_400_000);
  return d.toISOString().slice(0, 10);
};
await api.post('/api/work/calendar_schedule/', { headers, data: { start_date: day(0).replaceAll('-', ''), end_date: day(13).replaceAll('-', '') } });
await api.post('/api/work/sync_time_tracked_externally_records/', { headers, data: { from_date: day(-6), to_date: day(0) } });

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const [name, viewport] of [['desktop', { width: 1440, height: 900 }], ['mobile', { width: 390, height: 844 }]]) {
  const page = await browser.newPage({ viewport });
  await page.goto(`${base}/`);
  await page.getByLabel('Email').fill(BEN.email);
  await page.getByPlaceholder('Password 8+ characters').fill(BEN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/office$/, { timeout: 30_000 });
  await page.getByTestId('next-sessions').waitFor({ timeout: 30_000 });
  await page.getByTestId('next-workday-refresh').hover();
  await page.getByRole('tooltip').waitFor();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${out}/office-calendar-tracked-${name}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Manage account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  await dialog.getByTestId('integration-section').waitFor();
  await dialog.getByRole('button', { name: 'Test tracker connection' }).click();
  await dialog.getByTestId('integration-tracker-result').waitFor();
  await dialog.getByTestId('integration-section').scrollIntoViewIfNeeded();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${out}/profile-integration-${name}.png` });
  await page.keyboard.press('Escape');
  await page.goto(`${base}/checkout`);
  await page.getByTestId('checkout-tracked').waitFor({ timeout: 30_000 });
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/checkout-tracked-${name}.png`, fullPage: true });
  await page.close();
}
await browser.close();
await api.dispose();
