import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { BEN, apiToken, enterOffice, leaveOfficeAs } from './helpers';

// Offline-tolerant writes (issue 33, docs/offline.md): the writes Ben makes with no network are kept,
// survive a reload (the service worker's offline shell), and reach the server once when he is back.
// Service workers are blocked for the other specs (playwright.config.ts); this one needs its own.
test.use({ serviceWorkers: 'allow' });

const PENDING = 'Pending – will be sent when you are back online';
const SHOTS = '../docs/screenshots/issue33-offline';

interface Allocated {
  allocated_time: { tasks: { task: { id: number; title: string }; total_seconds: number }[] }[];
}

/** 'Xh YYm' or 'Nm' (spec 01 §9) in minutes. */
function minutes(text: string): number {
  const hours = /(\d+)h/.exec(text);
  const mins = /(\d+)m/.exec(text);
  return (hours ? Number(hours[1]) * 60 : 0) + (mins ? Number(mins[1]) : 0);
}

async function api<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const answer = await request.get(path, { headers: { Authorization: `Token ${token}` } });
  expect(answer.status(), path).toBe(200);
  return (await answer.json()) as T;
}

async function secondsOn(request: APIRequestContext, token: string, title: string): Promise<number> {
  const allocated = await api<Allocated>(request, token, '/api/work/allocated_time/');
  return allocated.allocated_time.flatMap((project) => project.tasks).find((row) => row.task.title === title)?.total_seconds ?? 0;
}

async function breaks(request: APIRequestContext, token: string): Promise<number> {
  const rows = await api<{ status_enum_identifier: string }[]>(request, token, '/api/work/status_history/');
  return rows.filter((row) => row.status_enum_identifier === 'taking_break').length;
}

/** The page is controlled by the app's service worker (installed and precached after the first load). */
async function offlineReady(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 30_000 });
}

test.beforeEach(async ({ request }) => {
  await leaveOfficeAs(request, BEN);
});

test.afterEach(async ({ request }) => {
  await leaveOfficeAs(request, BEN);
});

test('Ben takes a break, adds 10 minutes and edits his note offline, reloads, and all three reach the server once', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const today = await context.newPage();
    await enterOffice(today, BEN);
    const token = await apiToken(request, BEN);
    // +10m needs 10 minutes unallocated: free them from his largest task if a run used them up.
    const day = await api<{ work_time: number; tasks_allocated_time: number }>(request, token, '/api/work/worktime_summary/');
    if (day.work_time - day.tasks_allocated_time < 900) {
      const rows = (await api<Allocated>(request, token, '/api/work/allocated_time/')).allocated_time.flatMap((p) => p.tasks);
      const largest = rows.sort((a, b) => b.total_seconds - a.total_seconds)[0];
      test.skip(largest === undefined || largest.total_seconds < 600, "Ben's local day is too young to hold 10 minutes of work");
      const freed = await request.post('/api/work/task_time/', { headers: { Authorization: `Token ${token}` }, data: { task: largest.task.id, seconds: -600 } });
      expect(freed.status()).toBe(200);
    }

    await today.goto('/today');
    const card = today.getByTestId('task-card').first();
    await expect(card).toBeVisible();
    const title = (await card.getAttribute('aria-label')) ?? '';
    await offlineReady(today);
    // His checkout in a second tab: the note's editor.
    const checkout = await context.newPage();
    await checkout.goto('/checkout');
    const editor = checkout.getByRole('textbox', { name: 'Checkout notes' });
    await expect(editor).toBeVisible();
    await offlineReady(checkout);

    const secondsBefore = await secondsOn(request, token, title);
    const breaksBefore = await breaks(request, token);
    const line = `Offline line ${Date.now()}`;

    await context.setOffline(true);

    // The break: shown at once, kept.
    await today.getByTestId('status-toggle').getByText('On a break').click();
    await expect(today.getByTestId('status-tag')).toHaveText('On a break');
    await expect(today.getByTestId('outbox-indicator')).toContainText('1 pending');
    await expect(today.getByTestId('outbox-indicator')).toContainText(PENDING);

    // +10m on the first task: pending on its card.
    await card.getByTestId('manage-time').click();
    const popover = today.getByTestId('manage-time-popover');
    await popover.getByRole('button', { name: '+10m' }).click();
    await expect(card.getByTestId('task-time-pending')).toHaveText('+10m pending');
    await expect(today.getByTestId('outbox-indicator')).toContainText('2 pending');
    await today.keyboard.press('Escape');

    // The note, in the other tab: kept behind the other two.
    await checkout.bringToFront();
    await editor.click();
    await checkout.keyboard.press('Control+End');
    await checkout.keyboard.press('Enter');
    await checkout.keyboard.type(line);
    await checkout.getByTestId('checkout-date').click();
    await expect(checkout.getByTestId('checkout-save-state')).toHaveText(PENDING);
    await expect(checkout.getByTestId('outbox-indicator')).toContainText('3 pending');
    await expect(today.getByTestId('outbox-indicator')).toContainText('3 pending');

    // The pending list, for the docs.
    await today.bringToFront();
    mkdirSync(SHOTS, { recursive: true });
    await today.getByTestId('outbox-indicator').click();
    const items = today.getByTestId('outbox-item');
    await expect(items).toHaveCount(3);
    await expect(items.nth(0)).toContainText('On a break');
    await expect(items.nth(1)).toContainText(`+10m on ${title}`);
    await expect(items.nth(2)).toContainText('Checkout note');
    await today.screenshot({ path: `${SHOTS}/pending-1440.png` });
    await today.setViewportSize({ width: 390, height: 844 });
    // The phone header is another layout: its tag starts closed.
    await expect(today.getByTestId('outbox-indicator')).toBeVisible();
    if (!(await today.getByTestId('outbox-list').isVisible())) await today.getByTestId('outbox-indicator').click();
    await expect(today.getByTestId('outbox-list')).toBeVisible();
    await today.screenshot({ path: `${SHOTS}/pending-390.png` });
    await today.setViewportSize({ width: 1440, height: 900 });

    // Nothing reached the server yet.
    expect(await breaks(request, token)).toBe(breaksBefore);
    expect(await secondsOn(request, token, title)).toBe(secondsBefore);

    // A reload while still offline: the app opens from the service worker, the three still pending.
    await today.reload();
    await checkout.reload();
    for (const page of [today, checkout]) {
      await expect(page.getByTestId('outbox-indicator')).toContainText('3 pending', { timeout: 20_000 });
    }

    // Back online: sent in order, once; the screens show what the server has.
    await context.setOffline(false);
    for (const page of [today, checkout]) {
      await expect(page.getByTestId('outbox-indicator')).toHaveCount(0, { timeout: 30_000 });
    }
    await expect(today.getByTestId('status-tag')).toHaveText('On a break', { timeout: 20_000 });
    const sameCard = today.locator(`[data-testid="task-card"][aria-label="${title}"]`);
    await expect(sameCard.getByTestId('task-time-value')).toBeVisible({ timeout: 20_000 });
    await expect(sameCard.getByTestId('task-time-pending')).toHaveCount(0);
    await expect.poll(async () => minutes((await sameCard.getByTestId('task-time-value').textContent()) ?? ''), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(Math.floor((secondsBefore + 600) / 60));
    await expect(checkout.getByTestId('checkout-notes')).toContainText(line, { timeout: 20_000 });

    expect(await breaks(request, token)).toBe(breaksBefore + 1);
    expect(await secondsOn(request, token, title)).toBe(secondsBefore + 600);
    const latest = await api<{ checkout_notes: string | null }>(request, token, '/api/work/latest_workday/');
    expect(latest.checkout_notes ?? '').toContain(line);
    expect((latest.checkout_notes ?? '').split(line).length - 1).toBe(1);
    const current = await api<{ status_enum_identifier: string }>(request, token, '/api/work/current_user_status/');
    expect(current.status_enum_identifier).toBe('taking_break');
  } finally {
    await context.close();
  }
});
