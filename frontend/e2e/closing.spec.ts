import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADA, BEN, apiToken, leaveOfficeAs, saveScreenshot, signIn } from './helpers';

// Closing the week (issue 28, docs/closing.md): Ben submits his week, Ada approves it from her list,
// Ben can no longer edit a shift of that week (the control says why), Ben asks for a correction,
// Ada accepts it, and History's edit log shows all of it. The week two weeks ago: the demo's
// locked week is three weeks ago, and later specs edit this week's and yesterday's days.

interface Period {
  id: number | null;
  start_date: string;
  end_date: string;
  state: string;
}

const BEN_ZONE = 'America/Toronto';

function daysAgoIn(timeZone: string, days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
}

async function bensPeriod(request: APIRequestContext): Promise<Period> {
  const token = await apiToken(request, BEN);
  const answer = await request.get('/api/work/period/', { headers: { Authorization: `Token ${token}` }, params: { date: daysAgoIn(BEN_ZONE, 14) } });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as Period;
}

async function openHistoryOn(page: Page, period: Period): Promise<void> {
  await page.goto('/history');
  await expect(page.getByRole('heading', { name: 'History', level: 1 })).toBeVisible();
  await page.locator('#history-from').fill(period.start_date);
  await page.locator('#history-to').fill(period.end_date);
  await expect(page.getByTestId('period-state')).toContainText(period.start_date.replaceAll('-', '/'));
}

/** The first shift of the period's first day in the Worktime table. */
function firstShift(page: Page, period: Period) {
  return page.getByRole('button', { name: new RegExp(`^Edit shift .* on ${period.start_date}$`) }).first();
}

/** Signs in and enters the office if the start page asks (History is an office page). */
async function inTheOffice(page: Page, user: { email: string; password: string }): Promise<void> {
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/(start-work|office)$/);
  if (page.url().endsWith('/start-work')) {
    await page.getByRole('button', { name: 'Enter the Office' }).click();
    await expect(page).toHaveURL(/\/office$/);
  }
}

function plus30(time: string): string {
  const [h, m] = time.split(':').map(Number);
  const minutes = (h * 60 + m + 30) % (24 * 60);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

test('Ben submits his week, Ada approves it, the week is locked, a correction goes through with a trace', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const period = await bensPeriod(request);
  expect(period.state).toBe('draft');

  // Ben: 'My week is complete' shows what he submits, then the week waits for approval.
  const ben = await (await browser.newContext({ viewport: { width: 1440, height: 1000 } })).newPage();
  await inTheOffice(ben, BEN);
  await openHistoryOn(ben, period);
  await ben.getByRole('button', { name: 'My week is complete' }).click();
  const confirm = ben.getByRole('dialog', { name: /^Submit / });
  await expect(confirm.getByTestId('submit-summary')).toContainText('Worked ');
  await saveScreenshot(ben, 'closing-submit');
  await confirm.getByRole('button', { name: 'Submit' }).click();
  await expect(ben.getByText('Period submitted.')).toBeVisible();
  await expect(ben.getByTestId('period-state')).toContainText('Submitted, waiting for approval');

  // Ada approves it from her list (the menu's Approvals).
  const ada = await (await browser.newContext({ viewport: { width: 1440, height: 1000 } })).newPage();
  await inTheOffice(ada, ADA);
  await ada.getByRole('link', { name: 'Approvals' }).click();
  await expect(ada.getByRole('heading', { name: 'Approvals', level: 1 })).toBeVisible();
  const row = ada.getByRole('row').filter({ hasText: 'Ben' }).filter({ hasText: period.start_date.replaceAll('-', '/') });
  await row.getByRole('checkbox').check();
  await saveScreenshot(ada, 'closing-approvals');
  await ada.getByRole('button', { name: /^Approve/ }).click();
  await expect(ada.getByText('Approved.')).toBeVisible();
  await expect(row).toHaveCount(0);

  // Ben can no longer edit a shift of that week: the dialog says why and offers a correction.
  await openHistoryOn(ben, period);
  await expect(ben.getByTestId('period-state')).toContainText('Approved and locked');
  await expect(ben.getByTestId('history-closed')).toContainText('approved period');
  await firstShift(ben, period).click();
  const edit = ben.getByRole('dialog', { name: 'Edit Shift' });
  await expect(edit.getByTestId('shift-closed')).toContainText('This day is closed');
  await expect(edit.getByRole('button', { name: 'Add Work' })).toHaveCount(0);
  await expect(edit.getByRole('button', { name: 'Delete shift' })).toHaveCount(0);
  await expect(edit.getByRole('button', { name: 'Save note' })).toBeDisabled();
  await expect(edit.getByRole('textbox', { name: 'Shift note' })).toBeDisabled();
  await saveScreenshot(ben, 'closing-locked-shift');
  await edit.getByRole('button', { name: 'Ask for a correction' }).click();
  const end = edit.getByLabel('Correct end');
  const later = plus30(await end.inputValue());
  await end.fill(later);
  await edit.getByLabel('Why').fill('Stayed to finish the release');
  await edit.getByRole('button', { name: 'Send correction' }).click();
  await expect(ben.getByText('Correction requested: an approver will decide.')).toBeVisible();

  // Ada accepts it.
  await ada.reload();
  const correction = ada.getByTestId('correction-row').filter({ hasText: 'Stayed to finish the release' });
  await expect(correction).toBeVisible();
  await correction.getByRole('button', { name: 'Accept' }).click();
  await expect(ada.getByText('Correction applied.')).toBeVisible();

  // History's edit log shows all of it, with who and why; the shift ends 30 minutes later.
  await openHistoryOn(ben, period);
  await expect(firstShift(ben, period)).toHaveAccessibleName(new RegExp(`– ${later} on ${period.start_date}$`));
  const log = ben.getByRole('region', { name: 'Edit history' });
  await expect(log).toContainText('Accepted a correction');
  await expect(log).toContainText('Approved the period');
  await expect(log).toContainText('Asked for a correction');
  await expect(log).toContainText('Submitted the period');
  await expect(log).toContainText('Stayed to finish the release');
  await saveScreenshot(ben, 'closing-history-log');

  // Clean-up for the specs that follow: Ada reopens the week (its days open again).
  const adaToken = await apiToken(request, ADA);
  const approved = await bensPeriod(request);
  const reopened = await request.post(`/api/work/period/${approved.id}/reopen/`, {
    headers: { Authorization: `Token ${adaToken}` },
    data: { reason: 'End of the e2e run' },
  });
  expect(reopened.status()).toBe(200);
  await leaveOfficeAs(request, BEN);
});
