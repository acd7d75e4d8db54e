import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ADA, signIn } from './helpers';

// Issue 26: numbers, keyboard and phone. Ada is the demo's user in the office with a running
// tracker and one unread notification (Ben's activity on 'Home page hero').

async function signInAda(page: Page) {
  await signIn(page, ADA.email, ADA.password);
  // An earlier spec may have left Ada out of the office: then she enters it first.
  await expect(page).toHaveURL(/\/(office|start-work)$/);
  if (page.url().endsWith('/start-work')) await page.getByRole('button', { name: 'Enter the Office' }).click();
  await expect(page).toHaveURL(/\/office$/);
  await expect(page.getByTestId('status-toggle')).toBeVisible();
}

/** Moderate heading findings: a page without an h1, heading levels that skip. */
async function headingFindings(page: Page) {
  await page.waitForTimeout(400);
  const results = await new AxeBuilder({ page }).withRules(['page-has-heading-one', 'heading-order']).analyze();
  return results.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

async function noHorizontalScroll(page: Page, path: string) {
  await page.goto(path);
  await page.locator('main').first().waitFor();
  await page.waitForTimeout(600);
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect.soft(widths.scroll, `${path} scrolls horizontally at 390 px`).toBeLessThanOrEqual(widths.client);
}

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('sign-in fits, the header is laid out for a phone, no office page scrolls sideways', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/');
    const logIn = page.getByRole('button', { name: 'Log in' });
    await expect(logIn).toBeVisible();
    const box = await logIn.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await signInAda(page);
    // Every header control labelled and at least 44 px to touch; 'In the office' says so in words.
    const header = page.locator('header.shell__header');
    for (const name of ['Menu', 'In the office', /^Notifications/, 'Account menu']) {
      const control = header.getByRole('button', { name, exact: typeof name === 'string' });
      await expect(control).toBeVisible();
      const size = await control.boundingBox();
      expect(size!.width, `${name} width`).toBeGreaterThanOrEqual(44);
      expect(size!.height, `${name} height`).toBeGreaterThanOrEqual(44);
    }
    await expect(header.getByRole('button', { name: 'In the office' })).toContainText('In the office');
    // The tracking tag is not covered by the status control.
    const tag = await page.getByTestId('tracking-tag').boundingBox();
    const toggle = await page.getByTestId('status-toggle').boundingBox();
    expect(tag!.y + tag!.height).toBeLessThanOrEqual(toggle!.y);

    const list = await page.locator('a[href^="/l/"]').first().getAttribute('href');
    for (const path of ['/office', '/today', '/nextShift', '/starred', '/calendar', '/unread', '/history', '/checkout', list ?? '/today']) {
      await noHorizontalScroll(page, path);
    }
  });
});

test.describe('at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('headings: an h1 on sign-in, Unread, 403 and 404; heading order on checkout', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Remote Office', level: 1 })).toBeVisible();
    expect(await headingFindings(page)).toEqual([]);
    await signInAda(page);
    for (const path of ['/unread', '/checkout', '/unauthorized', '/no-such-page']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      expect.soft(await headingFindings(page), path).toEqual([]);
    }
  });

  test('keyboard: the status keeps focus, popovers open with Enter and close with Escape, a notification opens its task', async ({ page }) => {
    test.setTimeout(120_000);
    await signInAda(page);

    // The skip link comes first and moves to the main content.
    await page.keyboard.press('Tab');
    await expect(page.locator(':focus')).toHaveText('Skip to main content');
    await page.keyboard.press('Enter');
    await expect(page.locator(':focus')).toHaveAttribute('id', 'main');

    // Working / On a break by arrow keys: the status changes, focus stays on the control.
    const working = page.getByTestId('status-toggle').getByRole('radio', { name: /^Working/ });
    await working.focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('status-tag')).toHaveText('On a break');
    await page.waitForTimeout(800); // the change has been answered
    expect(await page.evaluate(() => !!document.activeElement?.closest('[data-testid="status-toggle"]'))).toBe(true);
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByTestId('status-tag')).toHaveText('Working');
    await page.waitForTimeout(800);
    expect(await page.evaluate(() => !!document.activeElement?.closest('[data-testid="status-toggle"]'))).toBe(true);

    // 'In the office': Enter opens it with focus inside, Tab stays inside, Escape gives focus back.
    const presence = page.getByTestId('presence-button');
    await presence.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'In the office' });
    await expect(dialog).toBeVisible();
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(presence).toBeFocused();

    // The account menu: Enter opens it with focus in the menu, Escape closes it back to the avatar.
    const account = page.getByRole('button', { name: 'Account menu' });
    await account.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Manage account' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menuitem', { name: 'Manage account' })).toBeHidden();
    await expect(account).toBeFocused();

    // Notifications: Enter opens, Escape closes back to the bell; then Enter and Tab to the item opens its task.
    const bell = page.getByTestId('notifications-bell');
    await bell.focus();
    await page.keyboard.press('Enter');
    const notifications = page.getByRole('dialog', { name: 'Notifications' });
    await expect(notifications).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(notifications).toBeHidden();
    await expect(bell).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('notification-link').first()).toBeVisible();
    for (let i = 0; i < 6 && !(await page.getByTestId('notification-link').first().evaluate((el) => el === document.activeElement)); i += 1) {
      await page.keyboard.press('Tab');
    }
    await expect(page.getByTestId('notification-link').first()).toBeFocused();
    // The newest notification: the demo's (Ben's activity on 'Home page hero'), or one an earlier
    // spec made. Either way Enter opens that task on its Activity tab.
    const about = /'([^']+)'/.exec((await page.getByTestId('notification-link').first().textContent()) ?? '')?.[1] ?? '';
    const slug = about.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/t/\\d+/${slug}/activity`));
    await expect(notifications).toBeHidden();
  });

  test("the task and section '⋮' menus close on Escape; the open shift's delete is refused up front", async ({ page }) => {
    test.setTimeout(120_000);
    await signInAda(page);
    await page.locator('a[href^="/l/"]').first().click();
    const section = page.getByRole('button', { name: /^Section menu of / }).first();
    await section.click();
    const sectionMenu = page.getByRole('menu').filter({ hasText: 'Archive all tasks' });
    await expect(sectionMenu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sectionMenu).toBeHidden();
    await expect(section).toBeFocused();
    const task = page.getByRole('button', { name: /^Task menu of / }).first();
    await task.click();
    await expect(page.getByRole('menuitem', { name: /Archive|Unarchive/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menuitem', { name: /Archive|Unarchive/ })).toBeHidden();
    await expect(task).toBeFocused();

    // History: Ada's open shift (today, ends 'now') cannot be deleted, and says why before asking.
    await page.goto('/history');
    await page.getByRole('button', { name: /^Edit shift .* – now on / }).first().click();
    await expect(page.getByRole('button', { name: 'Delete shift' })).toBeDisabled();
    await expect(page.getByTestId('shift-delete-refused')).toHaveText('The current shift cannot be deleted. Switch to Invisible mode and then try again.');
  });
});
