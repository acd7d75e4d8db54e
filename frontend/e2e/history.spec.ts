import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { BEN, CY, apiToken, enterOffice, leaveOfficeAs, saveScreenshot } from './helpers';

const BEN_ZONE = 'America/Toronto';

/** Yesterday's date in Ben's own timezone (the panel reads and types times there). */
function yesterdayIn(timeZone: string): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}

interface Table {
  rows: { shifts: { id: number; manual_work_shift_yn: boolean; start_datetime: string }[] }[];
}

/** A run on a used database: Ben's manual shifts of yesterday go first (by the API). */
async function clearManualShifts(request: APIRequestContext, date: string): Promise<void> {
  const token = await apiToken(request, BEN);
  const headers = { Authorization: `Token ${token}` };
  const answer = await request.get('/api/work/worktime_table/', { headers, params: { from_date: date, to_date: date } });
  expect(answer.status()).toBe(200);
  const table = (await answer.json()) as Table;
  for (const shift of table.rows.flatMap((r) => r.shifts).filter((s) => s.manual_work_shift_yn)) {
    expect((await request.delete(`/api/work/workshift/${shift.id}/`, { headers })).status()).toBe(204);
  }
}

async function chooseLastWeek(page: Page): Promise<void> {
  await page.getByRole('combobox', { name: 'Date range preset' }).click();
  await page.locator('.ant-select-item-option:visible', { hasText: 'Last 7 days' }).click();
  await expect(page.locator('.ant-select-item-option:visible')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2 }).first()).toContainText(' – ');
}

async function fillShift(page: Page, date: string, start: string, end: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Add Manual Shift' });
  await dialog.getByLabel('Date').fill(date);
  await dialog.getByLabel('Start time').fill(start);
  await dialog.getByLabel('End time').fill(end);
}

test.beforeEach(async ({ request }) => {
  await leaveOfficeAs(request, BEN);
});

test('Ben adds a manual shift yesterday, edits it, sees it in the table and the edit history, downloads the CSV', async ({ page, request }) => {
  test.setTimeout(120_000);
  const yesterday = yesterdayIn(BEN_ZONE);
  await clearManualShifts(request, yesterday);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await enterOffice(page, BEN);
  await page.goto('/history');
  await expect(page.getByRole('heading', { name: 'History', level: 1 })).toBeVisible();
  await chooseLastWeek(page);
  const table = page.getByRole('table').first();
  await expect(table).toBeVisible();

  // Add: 18:00 – 19:30 yesterday, with a note.
  await page.getByRole('button', { name: 'Add Manual Shift' }).click();
  const add = page.getByRole('dialog', { name: 'Add Manual Shift' });
  await fillShift(page, yesterday, '18:00', '19:30');
  await add.getByLabel('Notes').fill('Late release');
  await expect(add.getByText('1h 30m', { exact: true })).toBeVisible();
  // The length typed as people say it (issue 31): what was understood shows before anything is set.
  const length = add.getByLabel('Or type its length (Enter sets the end)');
  await length.fill('+30m');
  await expect(add.getByTestId('shift-length-note')).toHaveText('Ends at 20:00 · 2h 00m');
  await length.fill('1h 30');
  await expect(add.getByTestId('shift-length-note')).toHaveText('Ends at 19:30 · 1h 30m');
  await length.press('Enter');
  await expect(add.getByLabel('End time')).toHaveValue('19:30');
  await saveScreenshot(page, 'history-add-shift');
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Manual shift added.')).toBeVisible();
  await expect(add).toBeHidden();
  const added = page.getByRole('button', { name: `Edit shift 18:00 – 19:30 on ${yesterday}` });
  await expect(added).toBeVisible();

  // An overlapping one is refused with the Warning, before anything is sent.
  await page.getByRole('button', { name: 'Add Manual Shift' }).click();
  await fillShift(page, yesterday, '19:00', '21:00');
  await page.getByRole('dialog', { name: 'Add Manual Shift' }).getByRole('button', { name: 'Add', exact: true }).click();
  const warning = page.getByRole('dialog').filter({ hasText: 'The time period can not overlap with an existing shift.' });
  await expect(warning).toBeVisible();
  await saveScreenshot(page, 'history-overlap-warning');
  await warning.getByRole('button', { name: 'OK' }).click();
  await page.getByRole('dialog', { name: 'Add Manual Shift' }).getByRole('button', { name: 'Close' }).click();

  // Edit: it ends at 20:00 now.
  await added.click();
  const edit = page.getByRole('dialog', { name: 'Edit Shift' });
  await expect(edit.getByRole('img', { name: 'Segments of the shift' })).toBeVisible();
  await edit.getByLabel('End time').fill('20:00');
  await edit.getByLabel('Reason for the change (optional)').fill('Stayed for the deploy');
  await saveScreenshot(page, 'history-edit-shift');
  await edit.getByRole('button', { name: 'Save times' }).click();
  await expect(page.getByText('Shift saved.')).toBeVisible();
  const edited = page.getByRole('button', { name: `Edit shift 18:00 – 20:00 on ${yesterday}` });
  await expect(edited).toBeVisible();

  // The edit history has both edits, newest first, with who and why.
  const log = page.getByRole('region', { name: 'Edit history' });
  const entries = log.getByTestId('change-log-entry');
  await expect(entries.first()).toContainText('Changed the shift from 18:00 – 19:30 to 18:00 – 20:00');
  await expect(entries.first()).toContainText('Stayed for the deploy');
  await expect(entries.nth(1)).toContainText('Added a manual shift 18:00 – 19:30');
  await expect(log.getByRole('button', { name: /Show \d+ more/ })).toBeVisible();
  await saveScreenshot(page, 'history-desktop');

  // The CSV: header, the shift in Ben's time, the totals.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^worktime-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path()) as string, 'utf8');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toBe('Date,Member,Shift start,Shift end,Manual,Office hours,Break,Allocated,Tracked,Tracked level,Work hours,Expected,Difference,Time off,Holiday or time off,Scheduled,Checkout status,Shift notes');
  const line = lines.find((l) => l.includes(`${yesterday}T18:00`));
  expect(line).toContain(`${yesterday}T20:00`);
  expect(line).toContain(',yes,2:00:00,');
  expect(line).toContain('Late release');
  expect(lines.at(-1)).toMatch(/^Total,/);

  // Detailed view shows the day's timeline; then the phone.
  await page.getByText('Detailed', { exact: true }).click();
  await expect(page.getByRole('img', { name: `Shifts of ${yesterday}` })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await chooseLastWeek(page);
  await expect(page.getByRole('button', { name: `Edit shift 18:00 – 20:00 on ${yesterday}` })).toBeVisible();
  await saveScreenshot(page, 'history-phone');
  await page.setViewportSize({ width: 1440, height: 1000 });

  // Delete it: 'Delete shift forever?'
  await edited.click();
  await page.getByRole('dialog', { name: 'Edit Shift' }).getByRole('button', { name: 'Delete shift' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Delete shift forever?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Shift deleted.')).toBeVisible();
  await expect(edited).toBeHidden();
  await expect(entries.first()).toContainText('Deleted the shift 18:00 – 20:00');
});

test('Cy, without the right, has no Add Manual Shift', async ({ page, request }) => {
  await leaveOfficeAs(request, CY);
  await enterOffice(page, CY);
  await page.goto('/history');
  await expect(page.getByRole('heading', { name: 'History', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Manual Shift' })).toHaveCount(0);
  await leaveOfficeAs(request, CY);
});
