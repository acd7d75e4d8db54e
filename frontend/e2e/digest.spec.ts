import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADA, BEN, apiToken, enterOffice, leaveOfficeAs } from './helpers';

// Issue 32's morning digest and reminders (docs/reminders.md): Ada (admin, observing Ben and Cy)
// reads the digest page from the side menu; Ben (observes nobody) has no digest; Ben switches a
// reminder off in Edit Profile > Reminders and it stays off.
test.use({ viewport: { width: 1440, height: 900 } });

const ALL_ON = {
  remind_office_start_yn: true,
  remind_checkout_note_yn: true,
  remind_tracker_yn: true,
  remind_closing_yn: true,
  digest_email_yn: true,
  digest_hour: 8,
};

async function resetReminders(request: APIRequestContext, user: typeof BEN): Promise<void> {
  const token = await apiToken(request, user);
  const answer = await request.patch('/api/accounts/me/reminders/', { headers: { Authorization: `Token ${token}` }, data: ALL_ON });
  expect(answer.status()).toBe(200);
}

// The suite shares one database: start from Ada and Ben out of the office whatever an earlier spec left.
test.beforeEach(async ({ request }) => {
  await leaveOfficeAs(request, ADA);
  await leaveOfficeAs(request, BEN);
});

test.afterEach(async ({ request }) => {
  await resetReminders(request, BEN);
  await leaveOfficeAs(request, ADA);
  await leaveOfficeAs(request, BEN);
});

test('Ada opens the morning digest from the side menu: Ben and Cy, their state and hours; another day', async ({ page }) => {
  await enterOffice(page, ADA);
  await page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'Digest' }).click();
  await expect(page).toHaveURL(/\/digest$/);
  await expect(page.getByRole('heading', { name: 'Morning digest', level: 1 })).toBeVisible();
  const summary = page.getByLabel('Summary');
  await expect(summary).toContainText(/\d+ checked out/);
  for (const name of ['Ben', 'Cy']) {
    const card = page.getByRole('article', { name });
    await expect(card).toBeVisible();
    await expect(card).toContainText(/Checked out|Did not check out|Still in the office|No work day/);
    await expect(card).toContainText(/ of |Day off|no hours expected/);
  }
  const shown = await page.getByTestId('digest-date').textContent();
  await page.getByRole('button', { name: 'Day before' }).click();
  await expect(page).toHaveURL(/\/digest\?date=\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByTestId('digest-date')).not.toHaveText(shown ?? '');
  await expect(page.getByRole('article', { name: 'Ben' })).toBeVisible();
});

test('Ben observes nobody: no Digest entry, and the page says the digest is not his', async ({ page }) => {
  await enterOffice(page, BEN);
  const menu = page.getByRole('navigation', { name: 'Side menu' });
  await expect(menu.getByRole('link', { name: 'History' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Digest' })).toHaveCount(0);
  await page.goto('/digest');
  await expect(page.getByText('No digest for you')).toBeVisible();
  await expect(page.getByText('The morning digest is for observers, team-page owners and admins.')).toBeVisible();
});

test('Ben switches the tracker reminder off in Edit Profile > Reminders; it stays off', async ({ page }) => {
  await enterOffice(page, BEN);
  const open = async () => {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Manage account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    await expect(dialog.getByRole('region', { name: 'Reminders' })).toBeVisible();
    return dialog;
  };
  let dialog = await open();
  const tracker = dialog.getByRole('switch', { name: 'Tracker still running at the end of the day' });
  await expect(tracker).toBeChecked();
  await tracker.click();
  await expect(page.getByText('Reminders saved.')).toBeVisible();
  await expect(tracker).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  dialog = await open();
  await expect(dialog.getByRole('switch', { name: 'Tracker still running at the end of the day' })).not.toBeChecked();
  await expect(dialog.getByRole('switch', { name: 'Not in the office by the scheduled start' })).toBeChecked();
});
