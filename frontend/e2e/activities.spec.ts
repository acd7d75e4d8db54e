import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADA, BEN, apiToken, saveScreenshot, signIn } from './helpers';

const TASK = 'Draw the pricing page'; // Website Relaunch › Design: Ada owns it, Ben and Cy are list members.

async function enterOfficeByApi(request: APIRequestContext, user: { email: string; password: string }) {
  const token = await apiToken(request, user);
  const answer = await request.post('/api/work/create_log_user_status/', {
    headers: { Authorization: `Token ${token}` },
    data: { status_enum_identifier: 'working' },
  });
  expect(answer.status()).toBe(201);
}

async function taskOf(request: APIRequestContext, title: string): Promise<{ id: number; task_list: number }> {
  const token = await apiToken(request, BEN);
  const answer = await request.get(`/api/projects/task/?search=${encodeURIComponent(title)}`, { headers: { Authorization: `Token ${token}` } });
  const { results } = (await answer.json()) as { results: { id: number; task_list: number; title: string }[] };
  return results.find((row) => row.title === title)!;
}

test('an activity Ben submits arrives live in Ada’s Unread, badge and notifications; read in one tab, gone in the other', async ({ browser, request }) => {
  test.setTimeout(120_000);
  await enterOfficeByApi(request, ADA);
  await enterOfficeByApi(request, BEN);
  const task = await taskOf(request, TASK);
  const note = `Pricing grid drafted ${Date.now()}`;
  const adaContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const benContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const ada = await adaContext.newPage();
    await signIn(ada, ADA.email, ADA.password);
    await expect(ada).toHaveURL(/\/office/);
    await ada.goto('/unread');
    await expect(ada.getByRole('heading', { name: 'Unread' })).toBeVisible();
    await expect(ada.getByTestId('unread-project').first()).toBeVisible();
    await expect(ada.getByRole('button', { name: new RegExp(TASK) })).toHaveCount(0);
    const adaSecond = await adaContext.newPage();
    await adaSecond.goto('/unread');
    await expect(adaSecond.getByTestId('unread-project').first()).toBeVisible();
    const bell = ada.getByTestId('notifications-bell');
    await expect(ada.getByTestId('unread-badge')).not.toHaveAttribute('data-count', '0');
    const unreadBefore = Number(await ada.getByTestId('unread-badge').getAttribute('data-count'));
    await saveScreenshot(ada, 'unread-before');

    // Ben writes and submits on the task's activity tab.
    const ben = await benContext.newPage();
    await signIn(ben, BEN.email, BEN.password);
    await expect(ben).toHaveURL(/\/office/);
    await ben.goto(`/l/${task.task_list}/design/${task.id}/draw-the-pricing-page/activity`);
    await ben.getByRole('button', { name: 'Write an activity' }).click();
    await ben.getByLabel('Section 1 title').fill('What I did');
    await ben.getByLabel('Section 1 text').fill(note);
    await ben.getByRole('button', { name: 'Submit' }).click();
    const written = ben.getByTestId('activity').filter({ hasText: note });
    await expect(written).toBeVisible();
    await expect(written.getByText('Submitted')).toBeVisible();
    await saveScreenshot(ben, 'activity-tab');

    // Ada, without reloading: the task in Unread, the side menu badge, the notification.
    const taskRow = ada.getByTestId('unread-task').filter({ hasText: TASK });
    await expect(taskRow).toBeVisible({ timeout: 15_000 });
    await expect(taskRow.getByTestId('unread-activity').filter({ hasText: note })).toBeVisible();
    await expect(ada.getByTestId('unread-badge')).toHaveAttribute('data-count', String(unreadBefore + 1), { timeout: 15_000 });
    await expect(adaSecond.getByTestId('unread-task').filter({ hasText: TASK })).toBeVisible({ timeout: 15_000 });
    await expect(bell).toHaveAccessibleName(/Notifications, \d+ unread/);
    await bell.click();
    await expect(ada.getByTestId('notification').first()).toContainText(`Ben submitted an activity on '${TASK}'`);
    await saveScreenshot(ada, 'notifications-popover');
    await bell.click(); // closes the popover
    await expect(ada.getByTestId('notification').first()).toBeHidden();
    await saveScreenshot(ada, 'unread-after');

    // Ada marks it read in the first tab; it leaves both tabs.
    await taskRow.getByTestId('unread-activity').filter({ hasText: note }).getByRole('button', { name: 'Mark as read' }).click();
    await expect(ada.getByTestId('unread-task').filter({ hasText: TASK })).toHaveCount(0);
    await expect(adaSecond.getByTestId('unread-task').filter({ hasText: TASK })).toHaveCount(0, { timeout: 15_000 });
    await expect(ada.getByTestId('unread-badge')).toHaveAttribute('data-count', String(unreadBefore));
    await expect(adaSecond.getByTestId('unread-badge')).toHaveAttribute('data-count', String(unreadBefore), { timeout: 15_000 });
  } finally {
    await adaContext.close();
    await benContext.close();
  }
});

test('the Unread page on a phone', async ({ browser, request }) => {
  await enterOfficeByApi(request, ADA);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    await signIn(page, ADA.email, ADA.password);
    await expect(page).toHaveURL(/\/office/);
    await page.goto('/unread');
    await expect(page.getByTestId('unread-project').first()).toBeVisible();
    await expect(page.getByTestId('unread-activity').first()).toBeVisible();
    await saveScreenshot(page, 'unread-phone');
  } finally {
    await context.close();
  }
});
