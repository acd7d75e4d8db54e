import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADA, BEN, apiToken, enterOffice, leaveOfficeAs, saveScreenshot, signIn } from './helpers';

// The working-time account (issue 27, docs/timeaccount.md): an admin edits and archives a
// time-off type in the Workspace panel; Ben's approved afternoon off shows on its day in History.

interface TimeOffType {
  id: number;
  name: string;
  archived: boolean;
}

/** The suite shares one database: the seeded 'Sick' type goes back to how the demo made it. */
async function resetSick(request: APIRequestContext): Promise<void> {
  const headers = { Authorization: `Token ${await apiToken(request, ADA)}` };
  const types = (await (await request.get('/api/work/time_account/time_off_types/', { headers })).json()) as TimeOffType[];
  const sick = types.find((t) => t.name === 'Sick' || t.name === 'Sick leave');
  expect(sick).toBeTruthy();
  const answer = await request.patch(`/api/work/time_account/time_off_types/${sick?.id}/`, {
    headers,
    data: { name: 'Sick', archived: false, yearly_allowance_half_days: null, color: '#faad14', counts_as_worked: true },
  });
  expect(answer.status()).toBe(200);
}

test('Ada edits a time-off type in place, archives it and restores it', async ({ page, request }) => {
  test.setTimeout(90_000);
  await resetSick(request);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page, ADA.email, ADA.password);
  await expect(page).toHaveURL(/\/(office|start-work)$/);
  await page.goto('/workspace');
  const types = page.getByTestId('time-off-types');
  await expect(types).toContainText('Sick');

  await page.getByRole('button', { name: 'Edit Sick' }).click();
  await page.getByLabel('Name of Sick').fill('Sick leave');
  await page.getByLabel('Days a year of Sick').fill('10');
  await types.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Time-off type saved.')).toBeVisible();
  await expect(types.getByRole('listitem').filter({ hasText: 'Sick leave' })).toContainText('10 days a year');

  await page.getByRole('button', { name: 'Archive Sick leave' }).click();
  await expect(page.getByText('Time-off type archived.')).toBeVisible();
  const archived = types.getByRole('listitem').filter({ hasText: 'Sick leave' });
  await expect(archived).toContainText('archived');
  await expect(page.getByRole('button', { name: 'Edit Sick leave' })).toHaveCount(0);
  await saveScreenshot(page, 'workspace-time-off-types');
  await page.getByRole('button', { name: 'Restore Sick leave' }).click();
  await expect(page.getByText('Time-off type restored.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Sick leave' })).toBeVisible();
  await resetSick(request);
});

test('Ben sees his approved afternoon off on its day in History', async ({ page, request }) => {
  test.setTimeout(90_000);
  await leaveOfficeAs(request, BEN);
  const headers = { Authorization: `Token ${await apiToken(request, BEN)}` };
  const mine = (await (await request.get('/api/work/time_account/time_off/', { headers })).json()) as {
    start_date: string;
    half_day: boolean;
    status: string;
    type_name: string;
  }[];
  const afternoon = mine.find((r) => r.half_day && r.status === 'approved');
  expect(afternoon).toBeTruthy();
  await page.setViewportSize({ width: 1440, height: 1000 });
  await enterOffice(page, BEN);
  await page.goto('/history');
  await page.getByRole('combobox', { name: 'Date range preset' }).click();
  await page.locator('.ant-select-item-option:visible', { hasText: 'Last 7 days' }).click();
  await expect(page.locator('.ant-select-item-option:visible')).toHaveCount(0);
  const day = page.getByRole('row').filter({ has: page.getByTestId('history-time-off') });
  await expect(day).toHaveCount(1);
  await expect(day.getByTestId('history-time-off')).toHaveText(`${afternoon?.type_name} (half day)`);
  await saveScreenshot(page, 'history-time-off');
  await leaveOfficeAs(request, BEN);
});
