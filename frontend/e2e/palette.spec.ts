import { expect, test } from '@playwright/test';
import { CY, enterOffice, leaveOfficeAs, saveScreenshot } from './helpers';

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
});
