import { expect, test, type Page } from '@playwright/test';
import { BEN, apiToken, enterOffice, leaveOfficeAs, saveScreenshot } from './helpers';

// The local fake calendar feed and Toggl Track (apps/integrations/fake_server.py), started by `make e2e`.
const FAKE = process.env.E2E_FAKE_URL ?? 'http://127.0.0.1:8019';
const TOGGL_TOKEN = 'toggl-demo-token';

// The browser in Ben's zone (the demo's America/Toronto), so the feed's times read as written.
test.use({ timezoneId: 'America/Toronto' });

type Session = { id: number; start_datetime: string; end_datetime: string; schedule_notes: string };
// Ben's demo sessions typed in by hand win over a calendar's where they overlap: they are set
// aside for the test (so the sessions seen come from the feed) and put back afterwards.
let handSessions: Session[] = [];

test.beforeEach(async ({ request }) => {
  await leaveOfficeAs(request, BEN);
  const headers = { Authorization: `Token ${await apiToken(request, BEN)}` };
  const listed = await request.get('/api/work/workshiftschedule/', { headers });
  expect(listed.status()).toBe(200);
  handSessions = (await listed.json()) as Session[];
  for (const session of handSessions) {
    expect((await request.delete(`/api/work/workshiftschedule/${session.id}/`, { headers })).status()).toBe(204);
  }
});

test.afterEach(async ({ request }) => {
  // Ben goes back to no calendar and no tracker and his own sessions, whatever happened.
  const headers = { Authorization: `Token ${await apiToken(request, BEN)}` };
  await request.patch('/api/work/integrations/', {
    headers,
    data: { external_calendar_config_json: null, external_tracker_config_json: null },
  });
  const listed = (await (await request.get('/api/work/workshiftschedule/', { headers })).json()) as Session[];
  for (const session of listed) await request.delete(`/api/work/workshiftschedule/${session.id}/`, { headers });
  for (const { start_datetime, end_datetime, schedule_notes } of handSessions) {
    await request.post('/api/work/workshiftschedule/', { headers, data: { start_datetime, end_datetime, schedule_notes } });
  }
  await leaveOfficeAs(request, BEN);
});

async function openIntegration(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Manage account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  await expect(dialog.getByTestId('integration-section')).toBeVisible();
  return dialog;
}

test('Ben connects his calendar and tracker: Reload shows tomorrow’s sessions, tracked time sits beside office time', async ({ page }) => {
  // One person's whole flow (set up, test, save, reload twice): longer than the 30 s default on a busy machine.
  test.setTimeout(90_000);
  await enterOffice(page, BEN);
  await expect(page.getByTestId('header-office-time')).toBeVisible();
  await expect(page.getByTestId('header-tracked-time')).toHaveCount(0); // no tracker yet

  const dialog = await openIntegration(page);
  await dialog.getByLabel('Calendar address (iCalendar .ics link)').fill(`${FAKE}/calendar/daily.ics`);
  await dialog.getByRole('button', { name: 'Test calendar connection' }).click();
  await expect(dialog.getByTestId('integration-calendar-result')).toContainText('The calendar was read');

  await dialog.getByRole('combobox', { name: 'Time tracker' }).click();
  await page.locator('.ant-select-item-option:visible', { hasText: 'Toggl Track' }).click();
  // A wrong token: the provider's own reason is shown.
  await dialog.getByLabel('Toggl Track API token').fill('not-my-token');
  await dialog.getByLabel(/API address/).fill(`${FAKE}/toggl`);
  await dialog.getByRole('button', { name: 'Test tracker connection' }).click();
  await expect(dialog.getByTestId('integration-tracker-result')).toContainText('Incorrect username and/or password');
  await dialog.getByLabel('Toggl Track API token').fill(TOGGL_TOKEN);
  await dialog.getByRole('button', { name: 'Test tracker connection' }).click();
  await expect(dialog.getByTestId('integration-tracker-result')).toContainText('Connected to Toggl Track as Ben Carter.');
  await saveScreenshot(page, 'integration-section');
  await dialog.getByRole('button', { name: 'Save integration' }).click();
  await expect(page.getByText('Integration saved.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Tracked time beside office time (the save copied the last week from the fake Toggl).
  await expect(page.getByTestId('header-tracked-time')).toBeVisible();
  await expect(page.getByTestId('header-tracked-time')).not.toHaveText('—');
  await expect(page.getByTestId('office-tracked-time')).toBeVisible();

  // The office page's Reload imports the calendar: tomorrow has the feed's two sessions.
  const reload = page.getByTestId('next-workday-refresh');
  await expect(reload).toHaveAccessibleName('Reload the calendar');
  await reload.click();
  await expect(reload).toHaveAttribute('data-import-state', 'ok');
  await expect(page.getByTestId('next-sessions').locator('li')).toHaveCount(2);
  await expect(page.getByTestId('next-workday')).toContainText('7h 00m');
  // The feed's times (floating 09:00-12:30 and 13:30-17:00, read in Ben's zone).
  await expect(page.getByTestId('next-sessions').locator('li').first()).toContainText('09:00 – 12:30');
  await expect(page.getByTestId('next-sessions').locator('li').last()).toContainText('13:30 – 17:00');
  await reload.hover();
  await expect(page.getByRole('tooltip')).toContainText(/Last import at \d\d:\d\d - Click to Reload/);
  await saveScreenshot(page, 'office-calendar-imported');

  // A broken feed: the tooltip says the import failed, the sessions already imported stay.
  const token = await apiToken(page.request, BEN);
  await page.request.patch('/api/work/integrations/', {
    headers: { Authorization: `Token ${token}` },
    data: { external_calendar_config_json: { url: `${FAKE}/calendar/broken.ics` } },
  });
  await reload.click();
  await expect(reload).toHaveAttribute('data-import-state', 'failed');
  await reload.hover();
  await expect(page.getByRole('tooltip')).toContainText(/Calendar import failed at \d\d:\d\d - Click to Reload/);
  await expect(page.getByTestId('next-sessions').locator('li')).toHaveCount(2);
});
