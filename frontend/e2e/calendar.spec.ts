import { expect, test, type APIRequestContext } from '@playwright/test';
import { BEN, apiToken, enterOffice, leaveOfficeAs, saveScreenshot } from './helpers';

// The local fake calendar feed (apps/integrations/fake_server.py), started by `make e2e`.
const FAKE = process.env.E2E_FAKE_URL ?? 'http://127.0.0.1:8019';
const ZONE = 'America/Toronto'; // Ben's (the demo's)
test.use({ timezoneId: ZONE, viewport: { width: 1440, height: 900 } });

type Session = { id: number; start_datetime: string; end_datetime: string; schedule_notes: string };
let handSessions: Session[] = [];

const dateIn = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(at); // YYYY-MM-DD
const today = () => dateIn(new Date());
const yesterday = () => dateIn(new Date(Date.now() - 24 * 3600 * 1000));

async function headers(request: APIRequestContext) {
  return { Authorization: `Token ${await apiToken(request, BEN)}` };
}

test.beforeEach(async ({ request }) => {
  await leaveOfficeAs(request, BEN);
  const auth = await headers(request);
  // Ben's sessions typed by hand win over the feed's where they overlap: set aside, put back after.
  handSessions = (await (await request.get('/api/work/workshiftschedule/', { headers: auth })).json()) as Session[];
  for (const session of handSessions) await request.delete(`/api/work/workshiftschedule/${session.id}/`, { headers: auth });
  const saved = await request.patch('/api/work/integrations/', {
    headers: auth,
    data: { external_calendar_config_json: { url: `${FAKE}/calendar/daily.ics` } },
  });
  expect(saved.status()).toBe(200);
});

test.afterEach(async ({ request }) => {
  const auth = await headers(request);
  // The manual shift this test added goes again (it is in the calendar's last two days).
  const read = await request.get('/api/work/calendar/', { headers: auth, params: { from_date: yesterday(), to_date: today() } });
  const ids = new Set<number>();
  for (const day of (await read.json()).days as { blocks: { shift_id: number | null; manual: boolean }[] }[]) {
    for (const block of day.blocks) if (block.manual && block.shift_id) ids.add(block.shift_id);
  }
  for (const id of ids) await request.delete(`/api/work/workshift/${id}/`, { headers: auth });
  await request.patch('/api/work/integrations/', { headers: auth, data: { external_calendar_config_json: null } });
  // Every session the import made (the feed repeats daily), around today.
  const around = { from_date: dateIn(new Date(Date.now() - 14 * 86_400_000)), to_date: dateIn(new Date(Date.now() + 40 * 86_400_000)) };
  const listed = (await (await request.get('/api/work/workshiftschedule/', { headers: auth, params: around })).json()) as Session[];
  for (const session of listed) await request.delete(`/api/work/workshiftschedule/${session.id}/`, { headers: auth });
  for (const { start_datetime, end_datetime, schedule_notes } of handSessions) {
    await request.post('/api/work/workshiftschedule/', { headers: auth, data: { start_datetime, end_datetime, schedule_notes } });
  }
  await leaveOfficeAs(request, BEN);
});

test('Ben sees his week in the Calendar, adds a manual shift by dragging a range, and finds it in History', async ({ page }) => {
  test.setTimeout(90_000);
  await enterOffice(page, BEN);
  await page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'Calendar' }).click();
  await expect(page).toHaveURL(/\/calendar$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  await expect(page.getByText(/^W\d{1,2}$/)).toBeVisible(); // the ISO week number

  // Today's open shift, growing until now.
  const todayColumn = page.getByTestId(`calendar-day-${today()}`);
  await expect(todayColumn.getByRole('button', { name: /^Work \d{2}:\d{2} – now: open its shift$/ })).toBeVisible();

  // The fake feed's planned sessions, once imported ('Click to Reload').
  await page.getByRole('button', { name: /Click to Reload/ }).click();
  await expect(todayColumn.getByRole('button', { name: 'Planned: Morning session, 09:00 – 12:30' })).toBeVisible();
  await expect(todayColumn.getByRole('button', { name: 'Planned: Afternoon session, 13:30 – 17:00' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Last import at \d\d:\d\d - Click to Reload/ })).toBeVisible();
  await saveScreenshot(page, 'calendar-week-1440');

  // Drag 18:00-19:00 on yesterday (the week before when today starts the week).
  const day = yesterday();
  if ((await page.getByTestId(`calendar-day-${day}`).count()) === 0) await page.getByRole('button', { name: 'Previous week' }).click();
  const column = page.getByTestId(`calendar-day-${day}`);
  await page.locator('.calendar-week__scroll').evaluate((element) => {
    element.scrollTop = 17 * 45;
  });
  const box = await column.boundingBox();
  if (!box) throw new Error('no day column');
  const x = box.x + box.width * 0.6;
  await page.mouse.move(x, box.y + 18 * 45 + 2);
  await page.mouse.down();
  await page.mouse.move(x, box.y + 18.5 * 45, { steps: 4 });
  await page.mouse.move(x, box.y + 19 * 45 + 2, { steps: 4 });
  await page.mouse.up();

  const dialog = page.getByRole('dialog', { name: 'Add Manual Shift' });
  await expect(dialog.getByLabel('Date')).toHaveValue(day);
  await expect(dialog.getByLabel('Start time')).toHaveValue('18:00');
  await expect(dialog.getByLabel('End time')).toHaveValue('19:00');
  await dialog.getByLabel('Reason for the change (optional)').fill('Forgot to enter the office');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Manual shift added.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The new block opens its shift in History.
  const block = column.getByRole('button', { name: 'Work (manual) 18:00 – 19:00: open its shift' });
  await expect(block).toBeVisible();
  await block.click();
  await expect(page).toHaveURL(new RegExp(`/history\\?date=${day}&shift=\\d+`));
  const shiftDialog = page.getByRole('dialog', { name: 'Edit Shift' });
  await expect(shiftDialog).toBeVisible();
  await expect(shiftDialog.getByLabel('Start time')).toHaveValue('18:00');
  await expect(shiftDialog.getByLabel('End time')).toHaveValue('19:00');
  await expect(shiftDialog).toContainText('Manual shift');
  await page.keyboard.press('Escape');

  // The month: whole weeks with their ISO numbers; a day opens its week.
  await page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'Calendar' }).click();
  await page.locator('label', { hasText: 'Month' }).click();
  await expect(page.getByRole('table')).toBeVisible();
  await expect.poll(() => page.getByRole('rowheader').count()).toBeGreaterThanOrEqual(4);
  await expect(page.getByRole('rowheader').first()).toHaveText(/^W\d{1,2}$/);
  await saveScreenshot(page, 'calendar-month-1440');
  await page.getByRole('button', { name: `${today()}: open the week` }).click();
  await expect(page.getByTestId(`calendar-day-${today()}`)).toBeVisible();
});

test('On a phone the week is a list of days', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await enterOffice(page, BEN);
  await page.goto('/calendar');
  const todayItem = page.getByTestId(`calendar-list-${today()}`);
  await expect(todayItem).toBeVisible();
  await expect(todayItem).toContainText('(Today)');
  await expect(todayItem.getByRole('button', { name: /^Work \d{2}:\d{2} – now$/ })).toBeVisible();
  await expect(page.locator('.calendar-week')).toHaveCount(0);
  await saveScreenshot(page, 'calendar-week-390');
});
