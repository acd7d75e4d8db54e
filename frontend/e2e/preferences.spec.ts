import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { BEN, apiToken, enterOffice, leaveOfficeAs } from './helpers';

// Issue 29's preferences (docs/calendar.md, "Preferences"): changed in the profile, followed by
// the calendar and History (every time and duration goes through the one formatter of each).
const ZONE = 'America/Toronto'; // Ben's (the demo's)
test.use({ timezoneId: ZONE, viewport: { width: 1440, height: 900 } });

const DEFAULTS = { first_day_of_week: '', clock_format: '24h', duration_format: 'hm' };
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date()); // YYYY-MM-DD
const utc = (date: string) => new Date(`${date}T00:00:00Z`);
const iso = (at: Date) => at.toISOString().slice(0, 10);
/** The first day of the week holding `date`, weeks starting on `weekday` (0 Sunday). */
function weekStart(date: string, weekday: number): string {
  const at = utc(date);
  at.setUTCDate(at.getUTCDate() - ((at.getUTCDay() - weekday + 7) % 7));
  return iso(at);
}
const addDays = (date: string, days: number) => iso(new Date(utc(date).getTime() + days * 86_400_000));
const label = (date: string) => {
  const at = utc(date);
  return `${WEEKDAYS[at.getUTCDay()]}, ${MONTHS[at.getUTCMonth()]} ${at.getUTCDate()}`;
};

async function resetPreferences(request: APIRequestContext): Promise<void> {
  const token = await apiToken(request, BEN);
  const answer = await request.patch('/api/accounts/me/', { headers: { Authorization: `Token ${token}` }, multipart: DEFAULTS });
  expect(answer.status()).toBe(200);
}

test.beforeEach(async ({ request }) => {
  await resetPreferences(request);
  await leaveOfficeAs(request, BEN);
});

test.afterEach(async ({ request }) => {
  await resetPreferences(request);
  await leaveOfficeAs(request, BEN);
});

const firstColumn = (page: Page) => page.locator('[data-testid^="calendar-day-"]').first();

test('Ben picks Sunday weeks, the 12-hour clock and decimal hours; the calendar and History follow', async ({ page }) => {
  test.setTimeout(90_000);
  const monday = weekStart(today(), 1);
  const sunday = weekStart(today(), 0);
  await enterOffice(page, BEN);

  // The defaults: Monday weeks, the 24-hour clock, 'Xh YYm'.
  await page.goto('/calendar');
  const open = page.getByTestId(`calendar-day-${today()}`).getByRole('button', { name: /: open its shift$/ }).last();
  await expect(firstColumn(page)).toHaveAttribute('data-testid', `calendar-day-${monday}`);
  await expect(open).toHaveAccessibleName(/^Work \d{2}:\d{2} – now: open its shift$/);
  await expect(page.locator('.calendar-summary .calendar-total--work')).toHaveText(/^(\d+m|\d+h \d{2}m)$/);

  // The profile's Preferences.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Manage account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  await expect(dialog.getByRole('heading', { name: 'Preferences' })).toBeVisible();
  await dialog.getByRole('combobox', { name: 'First day of the week' }).click();
  await page.locator('.ant-select-item-option:visible', { hasText: /^Sunday$/ }).click();
  await dialog.getByText('12-hour (1:30 PM)').click();
  await dialog.getByText('Decimal (1.50h)').click();
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Profile saved.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The calendar: the week from Sunday, times on the 12-hour clock, durations in decimal hours.
  await expect(firstColumn(page)).toHaveAttribute('data-testid', `calendar-day-${sunday}`);
  await expect(open).toHaveAccessibleName(/^Work \d{1,2}:\d{2} (AM|PM) – now: open its shift$/);
  await expect(page.locator('.calendar-summary .calendar-total--work')).toHaveText(/^\d+\.\d{2}h$/);

  // History: 'This week' from Sunday, the same clock and durations.
  await page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'History' }).click();
  await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText(`${label(sunday)} – ${label(addDays(sunday, 6))}`);
  const table = page.getByRole('table').first();
  await expect(table).toContainText(/\d{1,2}:\d{2} (AM|PM) – now/);
  await expect(table).toContainText(/\d+\.\d{2}h/);
  await expect(table).not.toContainText(/\d+h \d{2}m/);
});
