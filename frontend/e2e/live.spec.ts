import { expect, test } from '@playwright/test';
import { CY, leaveOfficeAs, signIn } from './helpers';

test.beforeEach(async ({ request }) => {
  await leaveOfficeAs(request, CY);
});

test.afterEach(async ({ request }) => {
  await leaveOfficeAs(request, CY);
});

test('a second device follows the first over the live channel', async ({ browser, request }) => {
  const first = await browser.newContext();
  const second = await browser.newContext();
  try {
    const a = await first.newPage();
    const b = await second.newPage();
    const socketOpen = b.waitForEvent('websocket', { predicate: (ws) => ws.url().endsWith('/ws/work/user_status/') });
    await signIn(b, CY.email, CY.password);
    await expect(b).toHaveURL(/\/start-work$/);
    const socket = await socketOpen;
    await signIn(a, CY.email, CY.password);
    await expect(a).toHaveURL(/\/start-work$/);
    expect(socket.isClosed()).toBe(false);

    await a.getByRole('button', { name: 'Enter the Office' }).click();
    await expect(a).toHaveURL(/\/office$/);
    // new_status for the own email moves the other device into the office.
    await expect(b).toHaveURL(/\/office$/, { timeout: 10_000 });
    await expect(b.getByTestId('status-tag')).toHaveText('Working');

    // user_left_office sends it back to /start-work.
    await leaveOfficeAs(request, CY);
    await expect(b).toHaveURL(/\/start-work$/, { timeout: 10_000 });
    await expect(a).toHaveURL(/\/start-work$/, { timeout: 10_000 });
  } finally {
    await first.close();
    await second.close();
  }
});
