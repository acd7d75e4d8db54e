import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADA, BEN, apiToken, enterOffice, leaveOfficeAs, saveScreenshot } from './helpers';

const notes = (page: Page) => page.getByTestId('checkout-notes');
const editor = (page: Page) => page.getByRole('textbox', { name: 'Checkout notes' });

/** Ben's work day of today (he is in the office), through the API. */
async function todaysDay(request: APIRequestContext): Promise<{ id: number; headers: Record<string, string> }> {
  const token = await apiToken(request, BEN);
  const headers = { Authorization: `Token ${token}` };
  const answer = await request.get('/api/work/latest_workday/', { headers });
  expect(answer.status()).toBe(200);
  return { id: ((await answer.json()) as { id: number }).id, headers };
}

async function openOwnCheckout(page: Page) {
  await page.goto('/checkout');
  await expect(page.getByTestId('checkout-panel')).toHaveAttribute('data-mode', 'page');
  await expect(page.getByTestId('checkout-date')).toContainText('(Today)');
  await expect(editor(page)).toBeVisible();
}

async function blurNotes(page: Page) {
  await page.getByTestId('checkout-date').click();
  await expect(page.getByTestId('checkout-save-state')).toHaveText('Saved');
}

test.beforeEach(async ({ request }) => {
  for (const user of [ADA, BEN]) await leaveOfficeAs(request, user);
});

test('Ben writes a formatted note with a link, it is saved on blur and is there after a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await enterOffice(page, BEN);
  await openOwnCheckout(page);

  await editor(page).click();
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('Shipped the login');
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Bulleted list' }).click();
  await page.keyboard.type('Fixed the Safari loop');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter'); // out of the list
  await page.keyboard.type('See the spec');
  for (let i = 0; i < 'spec'.length; i += 1) await page.keyboard.press('Shift+ArrowLeft');
  await page.getByRole('button', { name: 'Link' }).click();
  const url = page.getByRole('textbox', { name: 'Enter URL' });
  await url.fill('example.com/spec');
  await url.press('Enter');
  await expect(notes(page).locator('a[href="https://example.com/spec"]')).toHaveText('spec');
  await blurNotes(page);
  await saveScreenshot(page, 'issue12-checkout-page-1440');

  await page.reload();
  await expect(editor(page)).toBeVisible();
  await expect(notes(page).locator('span[style*="font-weight: bold"]')).toHaveText('Shipped the login');
  await expect(notes(page).locator('li')).toHaveText('Fixed the Safari loop');
  await expect(notes(page).locator('a[href="https://example.com/spec"]')).toHaveText('spec');

  // The earlier days of the seeded history are read-only.
  await page.getByRole('button', { name: 'Previous day' }).click();
  await expect(page.getByTestId('checkout-date')).not.toContainText('(Today)');
  await expect(page.getByText('Notes cannot be edited for previous checkouts').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bold' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Today' }).click();
  await expect(page.getByTestId('checkout-date')).toContainText('(Today)');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload(); // the phone layout from the start (no side menu sliding away)
  await expect(notes(page).locator('a[href="https://example.com/spec"]')).toHaveText('spec');
  await saveScreenshot(page, 'issue12-checkout-page-390');
});

test('Ben starts an empty note from his day, adds a line, and it is saved', async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await enterOffice(page, BEN);
  const day = await todaysDay(request);
  const cleared = await request.patch(`/api/work/work_day/${day.id}/`, { headers: day.headers, data: { checkout_notes: '' } });
  expect(cleared.status()).toBe(200);
  await openOwnCheckout(page);

  await page.getByRole('button', { name: 'Start from my day' }).click();
  // The demo day has time on tasks: a bold heading and one bullet per task with its time.
  await expect(notes(page).locator('span[style*="font-weight: bold"]').first()).toHaveText('Worked on');
  await expect(notes(page).locator('li').first()).toHaveText(/^.+ \((\d+h )?\d+m(, tracker running)?\)$/);
  await expect(page.getByTestId('checkout-save-state')).toHaveText('Saved');
  await expect(page.getByRole('button', { name: 'Start from my day' })).toHaveCount(0);

  // The member edits it freely: the draft is an ordinary note.
  await editor(page).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter'); // out of the list
  await page.keyboard.type('Tomorrow: the release');
  await blurNotes(page);
  await saveScreenshot(page, 'issue32-note-draft-1440');

  await page.reload();
  await expect(editor(page)).toBeVisible();
  await expect(notes(page)).toContainText('Worked on');
  await expect(notes(page)).toContainText('Tomorrow: the release');
  await expect(page.getByRole('button', { name: 'Start from my day' })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(notes(page)).toContainText('Tomorrow: the release');
  await saveScreenshot(page, 'issue32-note-draft-390');
});

test('leaving with a failing check: the checks answer, then Leave anyway leaves', async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await enterOffice(page, BEN);
  const day = await todaysDay(request);
  // An empty note fails its check, whatever else the day holds.
  const cleared = await request.patch(`/api/work/work_day/${day.id}/`, { headers: day.headers, data: { checkout_notes: null } });
  expect(cleared.status()).toBe(200);

  await page.getByTestId('presence-button').click();
  await page.getByRole('button', { name: 'Leave the office' }).click();
  const checkout = page.getByTestId('checkout-panel');
  await expect(checkout).toHaveAttribute('data-mode', 'leave_the_office');
  await expect(checkout.getByTestId('checkout-checks')).toBeVisible();
  await checkout.getByTestId('checkout-leave').click();
  await expect(checkout.getByRole('alert').filter({ hasText: 'Activity Details for some tasks are missing.' }).first()).toBeVisible();
  await expect(checkout.getByTestId('checkout-leave')).toHaveText('Leave anyway');
  await expect(checkout.getByTestId('checkout-checks')).toContainText('The checkout note is empty.');
  await saveScreenshot(page, 'issue12-leave-the-office-1440');
  await checkout.getByTestId('checkout-leave').click();
  await expect(page).toHaveURL(/\/start-work$/);
});

test('Ada reads Ben’s checkout in history mode, read-only, and his next edit arrives live', async ({ browser }) => {
  test.setTimeout(120_000);
  const benContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const adaContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const ben = await benContext.newPage();
    const ada = await adaContext.newPage();
    await enterOffice(ben, BEN);
    await openOwnCheckout(ben);
    await editor(ben).click();
    await ben.keyboard.press('Control+A');
    await ben.keyboard.type('Reviewed the pricing page');
    await blurNotes(ben);

    await enterOffice(ada, ADA);
    await ada.goto('/checkout');
    await ada.getByTestId('observed-members').getByRole('link', { name: /Ben/ }).click();
    await expect(ada).toHaveURL(/\/checkout\?user=\d+/);
    const panel = ada.getByTestId('checkout-panel');
    await expect(panel).toHaveAttribute('data-mode', 'history');
    await expect(ada.getByTestId('checkout-history-header')).toContainText('Ben');
    await expect(ada.getByTestId('checkout-history-header')).toContainText('Member');
    await expect(notes(ada)).toContainText('Reviewed the pricing page');
    await expect(notes(ada).locator('[contenteditable="true"]')).toHaveCount(0);
    await expect(ada.getByRole('button', { name: 'Bold' })).toHaveCount(0);
    await expect(ada.getByRole('button', { name: 'Done' })).toHaveCount(0);
    await saveScreenshot(ada, 'issue12-history-mode-1440');

    await editor(ben).click();
    await ben.keyboard.press('Control+End');
    await ben.keyboard.type(' and the invoices');
    await blurNotes(ben);
    await expect(notes(ada)).toContainText('Reviewed the pricing page and the invoices');

    await ada.setViewportSize({ width: 390, height: 844 });
    await ada.reload();
    await expect(notes(ada)).toContainText('Reviewed the pricing page and the invoices');
    await saveScreenshot(ada, 'issue12-history-mode-390');
  } finally {
    await benContext.close();
    await adaContext.close();
  }
});

async function choose(page: Page, label: string, option: string) {
  await page.getByTestId('checkout-create-task').getByRole('combobox', { name: label }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: new RegExp(`^${option}$`) }).click();
}

test('Ben creates a task from the checkout at position 1, sees the tracking tag, and a taken name is refused', async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await enterOffice(page, BEN);
  await openOwnCheckout(page);
  await expect(page.getByTestId('checkout-tracking-tag')).toBeVisible();

  const form = page.getByTestId('checkout-create-task');
  await form.getByRole('button', { name: 'Create task' }).click();
  await expect(form.getByRole('alert')).toHaveText('All fields needs to be populated');

  await choose(page, 'Project', 'Website Relaunch');
  await choose(page, 'List', 'Design');
  await choose(page, 'Section', 'To do');
  await choose(page, 'Position', '1');
  await form.getByRole('textbox', { name: 'Task name' }).fill('  pick THE typeface ');
  await form.getByRole('button', { name: 'Create task' }).click();
  await expect(form.getByRole('alert')).toHaveText('This name already exists for the specified project');

  const title = `Write the launch mail ${Date.now()}`;
  await form.getByRole('textbox', { name: 'Task name' }).fill(title);
  await form.getByRole('button', { name: 'Create task' }).click();
  await expect(page.getByText(`Task '${title}' created in To do at position 1.`)).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Task name' })).toHaveValue('');
  await saveScreenshot(page, 'issue12-create-task-1440');

  // The section's list now starts with it.
  const token = await apiToken(request, BEN);
  const headers = { Authorization: `Token ${token}` };
  const created = (await (await request.get('/api/projects/task/', { headers, params: { search: title } })).json()) as {
    results: { section: number }[];
  };
  const section = created.results[0].section;
  const listed = (await (await request.get(`/api/projects/section/${section}/tasks/`, { headers })).json()) as { results: { title: string }[] };
  expect(listed.results[0].title).toBe(title);

  // The phone layout from a fresh load (a resized desktop page keeps its menu state).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(form).toBeVisible();
  await choose(page, 'Project', 'Website Relaunch');
  await form.getByRole('button', { name: 'Create task' }).click();
  await expect(form.getByRole('alert')).toHaveText('All fields needs to be populated');
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await saveScreenshot(page, 'issue12-create-task-390');
});
