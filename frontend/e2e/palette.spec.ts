import { expect, test, type APIRequestContext } from '@playwright/test';
import { CY, apiToken, enterOffice, leaveOfficeAs, saveScreenshot } from './helpers';

async function timerOf(request: APIRequestContext): Promise<{ status: string; task: number | null }> {
  const headers = { Authorization: `Token ${await apiToken(request, CY)}` };
  return (await (await request.get('/api/work/task_tracker/', { headers })).json()) as { status: string; task: number | null };
}

// Issue 31 by keyboard only: Ctrl-K finds a task and opens it, Ctrl-K 'break' takes a break,
// '?' lists the shortcuts and B / G then C work outside fields (docs/keyboard.md).
test.describe('the command palette and shortcuts', () => {
  test.beforeEach(async ({ request }) => leaveOfficeAs(request, CY));
  test.afterEach(async ({ request }) => leaveOfficeAs(request, CY));

  test('Ctrl-K opens a task, takes a break; ? lists the shortcuts; B and G then C work', async ({ page }) => {
    await enterOffice(page, CY);
    await expect(page.getByTestId('status-tag')).toHaveText('Working');

    // A task by its name: type, wait for the server's answer, Enter opens it.
    await page.keyboard.press('Control+k');
    const input = page.getByTestId('palette-input');
    await expect(input).toBeFocused();
    await page.keyboard.type('home page hero');
    const found = page.getByRole('option', { name: /Home page hero/ });
    await expect(found).toBeVisible();
    await expect(found).toContainText('Website Relaunch');
    await saveScreenshot(page, 'palette-task');
    // The commands come first; the arrow keys reach the task.
    while ((await found.getAttribute('aria-selected')) !== 'true') await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/l\/\d+\/design\/\d+\/home-page-hero\/details$/);
    await expect(page.getByRole('complementary', { name: 'Task details' }).getByRole('heading', { name: 'Home page hero' })).toBeVisible();
    await expect(input).toBeHidden();

    // A command by a word: 'break' takes a break and the header shows it.
    await page.keyboard.press('Control+k');
    await expect(page.getByTestId('palette-input')).toBeFocused();
    await page.keyboard.type('break');
    await expect(page.getByRole('option', { name: /Take a break/ })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('status-tag')).toHaveText('On a break');
    // Shortcuts wait while a dialog is open (its keys are its own): the palette has closed.
    await expect(page.getByTestId('palette-input')).toBeHidden();

    // '?' lists the shortcuts, Escape closes the sheet.
    await page.locator('#main').focus();
    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('row', { name: /Back to work/ })).toBeVisible();
    await expect(sheet.getByRole('row', { name: /Go to Checkout/ })).toBeVisible();
    await expect(sheet.getByRole('row', { name: /Open the command palette/ })).toBeVisible();
    await page.waitForTimeout(400); // the screenshot after the opening animation
    await saveScreenshot(page, 'shortcut-sheet');
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();

    // B: back to work; G then C: the checkout.
    await page.locator('#main').focus();
    await page.keyboard.press('b');
    await expect(page.getByTestId('status-tag')).toHaveText('Working');
    await page.keyboard.press('g');
    await page.keyboard.press('c');
    await expect(page).toHaveURL(/\/checkout$/);
  });

  test('On a list: J / K move between tasks, T starts and pauses the timer on the open one, N adds a task', async ({ page, request }) => {
    await enterOffice(page, CY);
    await expect(page.getByTestId('status-tag')).toHaveText('Working');
    await page.keyboard.press('Control+k');
    await expect(page.getByTestId('palette-input')).toBeFocused();
    await page.keyboard.type('home page hero');
    const found = page.getByRole('option', { name: /Home page hero/ });
    await expect(found).toBeVisible();
    while ((await found.getAttribute('aria-selected')) !== 'true') await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/l\/\d+\/design\/\d+\/home-page-hero\/details$/);
    const opened = () => Number(/\/l\/\d+\/design\/(\d+)\//.exec(page.url())?.[1]);
    const hero = opened();
    const pane = page.getByRole('complementary', { name: 'Task details' });

    // J then K: the next task in the list, and back.
    await expect(pane.getByRole('heading', { name: 'Home page hero' })).toBeVisible();
    await expect(page.getByText('Mood board')).toBeVisible(); // the list's cards are there to move between
    await page.keyboard.press('j');
    await expect(page).not.toHaveURL(/home-page-hero/);
    await expect(pane.getByRole('heading', { name: 'Home page hero' })).toHaveCount(0);
    await page.keyboard.press('k');
    await expect(page).toHaveURL(/home-page-hero\/details$/);
    await expect(pane.getByRole('heading', { name: 'Home page hero' })).toBeVisible(); // on screen, as a person sees it

    // T: the timer starts on the open task; T again pauses it; X stops it.
    await page.keyboard.press('t');
    await expect.poll(async () => timerOf(request)).toEqual(expect.objectContaining({ status: 'tracking', task: hero }));
    await page.keyboard.press('t');
    await expect.poll(async () => (await timerOf(request)).status).toBe('paused');
    await page.keyboard.press('x');
    await expect.poll(async () => (await timerOf(request)).status).toBe('stopped');

    // N: the list's first section takes a new task's name; Enter creates it.
    await page.keyboard.press('n');
    const name = page.getByRole('textbox', { name: 'New task name' });
    await expect(name).toBeFocused();
    await page.keyboard.type('Typed with N');
    await page.keyboard.press('Enter');
    const card = page.getByText('Typed with N', { exact: true });
    await expect(card).toBeVisible();
    await saveScreenshot(page, 'issue31-contextual-1440');
    // Clean up for the specs that follow: the new task goes away again.
    await card.click();
    const created = opened();
    const headers = { Authorization: `Token ${await apiToken(request, CY)}` };
    expect((await request.delete(`/api/projects/task/${created}/`, { headers })).status()).toBe(204);
  });
});
