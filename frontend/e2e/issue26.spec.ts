import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADA, BEN, apiToken, signIn } from './helpers';

// Issue 26: numbers, keyboard and phone. Ada is the demo's user in the office with a running
// tracker and one unread notification (Ben's activity on 'Home page hero').

async function signInAda(page: Page) {
  await signInAs(page, ADA);
}

async function signInAs(page: Page, user: { email: string; password: string }) {
  await signIn(page, user.email, user.password);
  // An earlier spec may have left Ada out of the office: then she enters it first.
  await expect(page).toHaveURL(/\/(office|start-work)$/);
  if (page.url().endsWith('/start-work')) await page.getByRole('button', { name: 'Enter the Office' }).click();
  await expect(page).toHaveURL(/\/office$/);
  await expect(page.getByTestId('status-toggle')).toBeVisible();
}

/** A demo list by its title, through the API (Ada's view). */
async function demoList(request: APIRequestContext, token: string, title: string): Promise<{ id: number; parent_project: number }> {
  const answer = await request.get('/api/projects/task_lists/?archived_yn=false', { headers: { Authorization: `Token ${token}` } });
  expect(answer.status()).toBe(200);
  const lists = (await answer.json()) as { id: number; title: string; parent_project: number }[];
  const list = lists.find((row) => row.title === title);
  expect(list, `the demo list '${title}'`).toBeTruthy();
  return list!;
}

/** 'Shared with you' is on screen as the checkout opens: no scrolling needed to find it. */
async function sharedWithYouInView(page: Page) {
  await page.goto('/checkout');
  const shared = page.getByTestId('shared-with-you');
  await expect(shared.getByRole('heading', { name: /^Shared with you/ })).toBeVisible();
  await expect(shared.getByRole('link', { name: /Ben/ })).toBeVisible();
  await expect(shared.getByRole('link', { name: /Cy/ })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(shared).toBeInViewport({ ratio: 1 });
  // The main column scrolls on its own in the shell: its scroll position is the page's too.
  expect(await page.locator('#main').evaluate((el) => el.scrollTop)).toBe(0);
}

/** Moderate heading findings: a page without an h1, heading levels that skip. */
async function headingFindings(page: Page) {
  await page.waitForTimeout(400);
  const results = await new AxeBuilder({ page }).withRules(['page-has-heading-one', 'heading-order']).analyze();
  return results.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

/**
 * axe on the page as it is now: WCAG 2 A / AA violations that are serious or critical, and the
 * moderate heading findings (a page without an h1, heading levels that skip) on whole pages.
 */
async function axeFindings(page: Page, { headings = true }: { headings?: boolean } = {}) {
  await page.waitForTimeout(400);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const headingRules = headings ? ['page-has-heading-one', 'heading-order'] : [];
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || headingRules.includes(v.id))
    .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')} :: ${(n.failureSummary ?? '').slice(0, 200)}`) }));
}

async function expectNoFindings(page: Page, screen: string, options?: { headings?: boolean }) {
  const findings = await axeFindings(page, options);
  expect.soft(findings, `${screen}: ${JSON.stringify(findings, null, 2)}`).toEqual([]);
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

test.describe("'Shared with you' at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('an observer finds the members shared with them without scrolling', async ({ page }) => {
    await signInAda(page);
    await sharedWithYouInView(page);
    // Above the checkout panel on a phone.
    const shared = await page.getByTestId('shared-with-you').boundingBox();
    const panel = await page.getByTestId('checkout-panel').boundingBox();
    expect(shared!.y + shared!.height).toBeLessThanOrEqual(panel!.y);
  });
});

test.describe('at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('axe: every page of the office and the workspace area, their dialogs, no serious finding and no heading finding', async ({ page, request, browser }) => {
    test.setTimeout(420_000);
    // Signed out: the invitation page of an unknown link.
    const signedOut = await browser.newContext();
    const visitor = await signedOut.newPage();
    await visitor.goto('/accept-invitation/not-a-real-token');
    await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoFindings(visitor, 'invitation link');
    await signedOut.close();

    await signInAda(page);
    const token = await apiToken(request, ADA);
    const list = await demoList(request, token, 'Sprint 12');

    // The office's pages, headings included.
    for (const [path, ready] of [
      ['/office', 'teammates-strip'],
      ['/today', 'project-cards'],
      ['/nextShift', 'project-cards'],
      ['/starred', 'project-cards'],
      ['/unread', 'unread-project'],
      ['/checkout', 'checkout-checks'],
      [`/l/${list.id}/sprint-12`, 'section-title'],
      [`/l/${list.id}/sprint-12/archive`, 'sections'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByTestId(ready).first()).toBeVisible();
      await expectNoFindings(page, path);
    }
    for (const [path, heading] of [
      ['/history', 'History'],
      ['/calendar', 'Calendar'],
      [`/l/${list.id}/sprint-12/members`, 'Sprint 12'],
      [`/p/${list.parent_project}/mobile-app`, 'Mobile App'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectNoFindings(page, path);
    }
    // An observed member's checkout (history mode) and a task page.
    await page.goto('/checkout');
    await page.getByTestId('shared-with-you').getByRole('link', { name: /Ben/ }).click();
    await expect(page.getByTestId('checkout-panel')).toBeVisible();
    await expectNoFindings(page, "Ben's checkout");
    await page.goto('/starred');
    await page.getByTestId('task-card').first().click();
    await expect(page).toHaveURL(/\/t\/\d+\//);
    await expectNoFindings(page, 'task page');

    // The list's dialogs: Manage sections, Rename section, Add sections.
    await page.goto(`/l/${list.id}/sprint-12`);
    await page.getByRole('button', { name: 'List menu' }).click();
    await page.getByRole('menuitem', { name: 'Manage sections' }).click();
    const manage = page.getByRole('dialog', { name: 'Manage sections' });
    await expect(manage).toBeVisible();
    await expectNoFindings(page, 'manage sections', { headings: false });
    await manage.getByRole('button', { name: /^Rename / }).first().click();
    await expect(page.getByRole('dialog', { name: 'Rename section' })).toBeVisible();
    await expectNoFindings(page, 'rename section', { headings: false });
    await page.getByRole('dialog', { name: 'Rename section' }).getByRole('button', { name: 'Cancel' }).click();
    await manage.getByRole('button', { name: 'Add sections' }).click();
    await expect(page.getByRole('dialog', { name: 'Add sections' })).toBeVisible();
    await expectNoFindings(page, 'add sections', { headings: false });
    await page.getByRole('dialog', { name: 'Add sections' }).getByRole('button', { name: 'Cancel' }).click();
    await manage.getByRole('button', { name: 'Done' }).click();

    // The workspace area: the team page, members, projects, team pages, workspace, and their dialogs.
    await page.goto('/team');
    await expect(page.getByTestId('team-page')).toBeVisible();
    await expectNoFindings(page, '/team');
    await page.goto('/members');
    await expect(page.getByRole('row', { name: /Ben/ })).toBeVisible();
    await expectNoFindings(page, '/members');
    await page.getByRole('row', { name: /Ben/ }).getByRole('cell').first().click();
    const account = page.getByRole('dialog', { name: "Ben's account" });
    await expect(account.getByRole('textbox', { name: 'Email' })).toBeVisible();
    await expectNoFindings(page, 'member account panel', { headings: false });
    await account.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Add new member' }).click();
    const wizard = page.getByRole('dialog', { name: 'Add new member' });
    await expect(wizard).toBeVisible();
    await expectNoFindings(page, 'add member wizard: account', { headings: false });
    await wizard.getByRole('textbox', { name: 'Email' }).fill(`axe-${Date.now()}@example.com`);
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(wizard.getByLabel('Display name')).toBeVisible();
    await expectNoFindings(page, 'add member wizard: profile', { headings: false });
    await wizard.getByLabel('Display name').fill('Axe');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(wizard.getByText('Work hours source')).toBeVisible();
    await expectNoFindings(page, 'add member wizard: settings', { headings: false });
    await wizard.getByRole('button', { name: 'Cancel' }).click();
    await page.goto('/projects');
    await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Actions for / }).first()).toBeVisible();
    await expectNoFindings(page, '/projects');
    await page.getByRole('button', { name: /^Actions for / }).first().click();
    await page.getByRole('menuitem', { name: /^(Archive|Unarchive)$/ }).click();
    await expect(page.getByRole('dialog', { name: /^(Archive|Unarchive) project$/ })).toBeVisible();
    await expectNoFindings(page, 'archive project dialog', { headings: false });
    await page.getByRole('dialog', { name: /^(Archive|Unarchive) project$/ }).getByRole('button', { name: 'Cancel' }).click();
    for (const [path, heading] of [
      ['/team-page', 'Team Page'],
      ['/workspace', 'Workspace'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectNoFindings(page, path);
    }
  });

  test("an observer finds 'Shared with you' without scrolling", async ({ page }) => {
    await signInAda(page);
    await sharedWithYouInView(page);
    // At the top of the side column, beside the panel.
    const shared = await page.getByTestId('shared-with-you').boundingBox();
    const panel = await page.getByTestId('checkout-panel').boundingBox();
    expect(shared!.x).toBeGreaterThan(panel!.x + panel!.width);
    await page.getByTestId('shared-with-you').getByRole('link', { name: /Ben/ }).click();
    await expect(page).toHaveURL(/\/checkout\?user=\d+/);
  });

  test('sections are renamed from their menu and in Manage sections, with the messages, a toast and live for the members', async ({ page, browser, request }) => {
    test.setTimeout(120_000);
    const token = await apiToken(request, ADA);
    const headers = { Authorization: `Token ${token}` };
    const list = await demoList(request, token, 'Sprint 12');
    const stamp = Date.now() % 100000;
    const created = await request.post('/api/projects/section/', { headers, data: { task_list: list.id, title: `Review ${stamp}` } });
    expect(created.status()).toBe(201);
    const sectionId = ((await created.json()) as { id: number }).id;
    const ben = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const benPage = await ben.newPage();
      await signInAs(benPage, BEN);
      await benPage.goto(`/l/${list.id}/sprint-12`);
      await expect(benPage.getByTestId('section-title').filter({ hasText: `Review ${stamp}` })).toBeVisible();

      await signInAda(page);
      await page.goto(`/l/${list.id}/sprint-12`);
      await page.getByRole('button', { name: `Section menu of Review ${stamp}` }).click();
      await page.getByRole('menuitem', { name: 'Rename' }).click();
      const dialog = page.getByRole('dialog', { name: 'Rename section' });
      const name = dialog.getByLabel('Section name');
      await expect(name).toBeFocused();
      await expect(name).toHaveValue(`Review ${stamp}`);
      await name.fill('   ');
      await expect(dialog.getByText('Enter the section name.')).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Done' })).toBeDisabled();
      await name.fill('to do');
      await expect(dialog.getByText('The list already has a section with this name.')).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Done' })).toBeDisabled();
      await name.fill(`In review ${stamp}`);
      await name.press('Enter');
      await expect(page.getByText('Section renamed.')).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('section-title').filter({ hasText: `In review ${stamp}` })).toBeVisible();
      await expect(page.getByRole('button', { name: `Section menu of In review ${stamp}` })).toBeFocused();
      // Ben's open list follows without a reload.
      await expect(benPage.getByTestId('section-title').filter({ hasText: `In review ${stamp}` })).toBeVisible();

      // Manage sections: the row's Rename.
      await page.getByRole('button', { name: 'List menu' }).click();
      await page.getByRole('menuitem', { name: 'Manage sections' }).click();
      const manage = page.getByRole('dialog', { name: 'Manage sections' });
      await manage.getByRole('button', { name: `Rename In review ${stamp}` }).click();
      await expect(dialog.getByLabel('Section name')).toHaveValue(`In review ${stamp}`);
      await dialog.getByLabel('Section name').fill(`Checked ${stamp}`);
      await dialog.getByRole('button', { name: 'Done' }).click();
      await expect(dialog).toBeHidden();
      await expect(manage.getByRole('row', { name: `Checked ${stamp}` })).toBeVisible();
      await expect(benPage.getByTestId('section-title').filter({ hasText: `Checked ${stamp}` })).toBeVisible();
      await manage.getByRole('button', { name: 'Done' }).click();
      await expect(page.getByTestId('section-title').filter({ hasText: `Checked ${stamp}` })).toBeVisible();
    } finally {
      await ben.close();
      await request.post(`/api/projects/section/${sectionId}/remove/`, { headers, data: { archive_tasks_confirmed: true } });
      await request.delete(`/api/projects/section/${sectionId}/`, { headers });
    }
  });

  test("writes say they worked: the description's Confirm, Create new list and a list's Rename", async ({ page, request }) => {
    test.setTimeout(120_000);
    const token = await apiToken(request, ADA);
    const headers = { Authorization: `Token ${token}` };
    const stamp = Date.now() % 100000;
    let createdId: number | null = null;
    try {
      await signInAda(page);
      // The description of a task on a list.
      const list = await demoList(request, token, 'Sprint 12');
      await page.goto(`/l/${list.id}/sprint-12`);
      await page.getByTestId('task-card').first().click();
      await page.getByRole('tab', { name: 'Details' }).click();
      await page.getByRole('button', { name: /^(Add a description|Edit the task description)$/ }).click();
      await page.getByLabel('Task description').fill(`Checked on ${stamp}.`);
      await page.getByRole('button', { name: 'Confirm' }).click();
      await expect(page.getByText('Description saved.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Edit the task description' })).toContainText(`Checked on ${stamp}.`);

      // Create new list and Rename in the project's table.
      await page.goto(`/p/${list.parent_project}/mobile-app`);
      await page.getByRole('button', { name: 'Create new list' }).click();
      const create = page.getByRole('dialog', { name: 'Create new task list' });
      await create.getByLabel('Task list name').fill('Sprint 12');
      await create.getByRole('button', { name: 'Create' }).click();
      await expect(create.getByText('A task list with this name already exists. Enter a different name.')).toBeVisible();
      await create.getByLabel('Task list name').fill(`Sprint ${stamp}`);
      await create.getByRole('button', { name: 'Create' }).click();
      await expect(page.getByText('Task list created.')).toBeVisible();
      await expect(create).toBeHidden();
      createdId = (await demoList(request, token, `Sprint ${stamp}`)).id;
      await page.getByRole('button', { name: `Actions for Sprint ${stamp}` }).click();
      await page.getByRole('menuitem', { name: 'Rename' }).click();
      const rename = page.getByRole('dialog', { name: 'Rename task list' });
      await rename.getByLabel('Task list name').fill(`Sprint ${stamp} b`);
      await rename.getByRole('button', { name: 'Done' }).click();
      await expect(page.getByText('Task list renamed.')).toBeVisible();
      await expect(page.getByRole('cell', { name: `Sprint ${stamp} b`, exact: true })).toBeVisible();
    } finally {
      // The new list leaves the side menu again (archived).
      if (createdId !== null) {
        const current = await request.get(`/api/projects/task_list/${createdId}/`, { headers });
        if (current.ok()) await request.put(`/api/projects/task_list/${createdId}/`, { headers, data: { ...(await current.json()), archived_yn: true } });
      }
    }
  });

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
