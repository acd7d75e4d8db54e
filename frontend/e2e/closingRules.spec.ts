import { expect, test, type Page } from '@playwright/test';
import { ADA, saveScreenshot, signIn } from './helpers';

// The workspace's closing rules (docs/closing.md "Reminders and automatic submit") and the bulk
// lock's member choice. Nothing is locked here: the other specs edit past days.

async function openClosing(page: Page) {
  await signIn(page, ADA.email, ADA.password);
  await expect(page).not.toHaveURL(/sign-in|\/$/);
  await page.goto('/workspace');
  await expect(page.getByTestId('closing-admin')).toBeVisible();
  // The sections above the closing rules load on their own and replace their skeletons with
  // content of another height; a select opened before then moves under the pointer and the click
  // on its option is lost. Wait, as a person would, for the page to stop moving.
  await expect(page.locator('.ant-skeleton')).toHaveCount(0);
}

/** Picks an option of an antd select and waits for the server to keep it (an earlier "Saved."
 * toast may still be on screen, so the toast alone does not say this save is done); waits until
 * its list has closed (its closing animation would otherwise leave two lists on screen when the
 * next select opens). */
async function choose(page: Page, label: string, option: string) {
  const open = page.locator('.ant-select-dropdown:visible');
  await expect(open).toHaveCount(0);
  await page.getByRole('combobox', { name: label }).click();
  const saved = page.waitForResponse(
    (answer) => answer.url().endsWith('/api/workspace/settings/') && answer.request().method() === 'PATCH',
  );
  await open.getByTitle(option, { exact: true }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Saved.').first()).toBeVisible();
  await expect(open).toHaveCount(0);
}

test('An admin sets the closing rules, they are kept, and narrows a lock to chosen members', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openClosing(page);
  const admin = page.getByTestId('closing-admin');
  await choose(page, 'Submit automatically', '3 days after the period');
  await choose(page, 'Remind approvers', 'Never');

  await page.reload();
  await expect(admin.getByRole('combobox', { name: 'Submit automatically' }).locator('xpath=ancestor::div[contains(@class,"ant-select")][1]')).toContainText('3 days after the period');
  await expect(admin.getByRole('combobox', { name: 'Remind approvers' }).locator('xpath=ancestor::div[contains(@class,"ant-select")][1]')).toContainText('Never');

  // The lock: everyone by default; a chosen member makes it theirs only.
  await expect(admin.getByRole('button', { name: 'Lock for everyone' })).toBeVisible();
  const members = page.getByRole('combobox', { name: 'Members to lock' });
  await members.click();
  await members.fill('Ben');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Ben' }).first().click();
  await page.keyboard.press('Escape');
  await expect(admin.getByRole('button', { name: 'Lock for 1 member' })).toBeVisible();
  await saveScreenshot(page, 'issue28-closing-rules-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload(); // the phone layout from the start (the side menu does not slide away mid-shot)
  await expect(admin.getByRole('button', { name: 'Lock for everyone' })).toBeVisible();
  await saveScreenshot(page, 'issue28-closing-rules-390');

  // Back to the defaults for the specs that follow.
  await choose(page, 'Submit automatically', 'Never');
  await choose(page, 'Remind approvers', '3 days after it was submitted');
});
