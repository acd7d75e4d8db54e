import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADA, CY, apiToken, leaveOfficeAs, saveScreenshot, signIn } from './helpers';

/** Into the office through the API, so a sign-in lands on /office. */
async function enterOfficeByApi(request: APIRequestContext, user: { email: string; password: string }) {
  const token = await apiToken(request, user);
  await request.post('/api/work/create_log_user_status/', {
    headers: { Authorization: `Token ${token}` },
    data: { status_enum_identifier: 'working' },
  });
}

/** Serious and critical axe-core violations of WCAG 2 A / AA on the page as it is now. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => `${node.target.join(' ')} :: ${node.failureSummary ?? ''}`.slice(0, 300)),
    }));
}

async function expectAccessible(page: Page, screen: string) {
  // Let entrance animations (modals zooming, skeletons fading) finish: axe reads colours as painted.
  await page.waitForTimeout(400);
  const violations = await seriousViolations(page);
  // Soft: one run lists every screen's violations; the test still fails on any.
  expect.soft(violations, `${screen}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

/** The first link of the side menu's project tree that opens a list, with its href. */
async function firstListHref(page: Page): Promise<string> {
  const link = page.getByTestId('project-tree').locator('a[href^="/l/"]').first();
  await expect(link).toBeAttached();
  return (await link.getAttribute('href')) ?? '';
}

test('axe-core finds no serious or critical violations on any screen', async ({ page, request }) => {
  // Every screen and dialog, each with a full axe run (seconds of CPU each on a busy CI machine).
  test.setTimeout(360_000);
  // Signed out: the sign-in page, and the 404 page on its own.
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expectAccessible(page, 'sign-in');
  await page.goto('/no-such-page');
  await expect(page.getByText('Sorry, the page you visited does not exist.')).toBeVisible();
  await expectAccessible(page, '404 signed out');

  // Out of the office: start-work.
  await leaveOfficeAs(request, CY);
  await signIn(page, CY.email, CY.password);
  await expect(page).toHaveURL(/\/start-work$/);
  await expect(page.getByRole('button', { name: 'Enter the Office' })).toBeVisible();
  await expectAccessible(page, 'start-work');
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();

  // In the office as Ada (admin, owner): every office screen.
  await enterOfficeByApi(request, ADA);
  await signIn(page, ADA.email, ADA.password);
  await expect(page).toHaveURL(/\/office$/);
  await expect(page.getByTestId('teammates-strip')).toBeVisible();
  await expectAccessible(page, 'office');

  for (const [path, ready] of [
    ['/today', 'project-cards'],
    ['/nextShift', 'project-cards'],
    ['/starred', 'project-cards'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByTestId(ready)).toBeVisible();
    await expect(page.getByTestId('cards-skeleton')).toHaveCount(0);
    await expectAccessible(page, path);
  }

  // A task opened from a personal page.
  await page.goto('/starred');
  await page.getByTestId('task-card').first().click();
  await expect(page).toHaveURL(/\/t\/\d+\//);
  await expectAccessible(page, 'task page');

  // A list, a task on it, its archive and its members.
  const listHref = await firstListHref(page);
  await page.goto(listHref);
  await expect(page.getByTestId('section-title').first()).toBeVisible();
  await expectAccessible(page, 'list');
  await page.getByTestId('task-card').first().click();
  await expect(page).toHaveURL(/\/l\/\d+\/[^/]+\/\d+\//);
  await expectAccessible(page, 'list task');
  await page.goto(`${listHref}/archive`);
  await expect(page.getByText('Only archived tasks are shown')).toBeVisible();
  await expectAccessible(page, 'list archive');
  await page.goto(`${listHref}/members`);
  await expect(page.getByRole('button', { name: 'Back to task list' })).toBeVisible();
  await expectAccessible(page, 'list members');

  // The project of that list.
  await page.getByTestId('project-tree').locator('a[href^="/p/"]').first().click();
  await expect(page).toHaveURL(/\/p\/\d+\//);
  await expect(page.getByText('Task Lists', { exact: true })).toBeVisible();
  await expectAccessible(page, 'project overview');

  // Unread, the checkout and the history panel.
  await page.goto('/unread');
  await expect(page.getByTestId('unread-project').first()).toBeVisible();
  await expectAccessible(page, 'unread');
  await page.goto('/checkout');
  await expect(page.getByTestId('checkout-panel')).toBeVisible();
  await expect(page.getByTestId('checkout-checks')).toBeVisible();
  await expectAccessible(page, 'checkout');
  await page.goto('/history');
  await expect(page.getByRole('table', { name: 'Worktime table' })).toBeVisible();
  await expectAccessible(page, 'history');

  // The team page (Ada observes Ben and Cy), and the workspace area's panels and dialogs.
  await page.goto('/team');
  await expect(page.getByTestId('team-page')).toBeVisible();
  await expectAccessible(page, 'team page');
  await page.goto('/members');
  await expect(page.getByRole('row', { name: /Ben/ })).toBeVisible();
  await expectAccessible(page, 'members panel');
  await page.getByRole('row', { name: /Ben/ }).getByRole('cell').first().click();
  await expect(page.getByRole('dialog', { name: "Ben's account" }).getByRole('textbox', { name: 'Email' })).toBeVisible();
  await expectAccessible(page, 'member account panel');
  await page.getByRole('dialog', { name: "Ben's account" }).getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Add new member' }).click();
  await expect(page.getByRole('dialog', { name: 'Add new member' })).toBeVisible();
  await expectAccessible(page, 'add member wizard');
  await page.getByRole('dialog', { name: 'Add new member' }).getByRole('button', { name: 'Cancel' }).click();
  for (const [path, heading] of [
    ['/projects', 'Projects'],
    ['/team-page', 'Team Page'],
    ['/workspace', 'Workspace'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expectAccessible(page, path);
  }

  // Pages later issues build, and the status pages inside the shell.
  await page.goto('/calendar');
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  await expectAccessible(page, 'calendar');
  await page.goto('/unauthorized');
  await expect(page.getByText('Sorry, you are not authorized to access this page.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Side menu' })).toBeVisible();
  await expectAccessible(page, '403');
  await page.goto('/no-such-page');
  await expect(page.getByText('Sorry, the page you visited does not exist.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Side menu' })).toBeVisible();
  await expectAccessible(page, '404');
  await page.goto('/l/not-a-number/x');
  await expect(page.getByText('Malformed URL')).toBeVisible();
  await expectAccessible(page, 'malformed URL');

  // Dialogs: the profile editor and sign-out.
  await page.goto('/office');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Manage account' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'profile dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  // A phone: the office with its menu in a drawer.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/office');
  await expect(page.getByTestId('teammates-strip')).toBeVisible();
  await expectAccessible(page, 'office at 390 px');
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Side menu' })).toBeVisible();
  await expectAccessible(page, 'side menu drawer at 390 px');
  await saveScreenshot(page, 'drawer-390');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('navigation', { name: 'Side menu' })).toBeHidden();
});

test("removing the only owner answers 'There should be at least one owner.' and stays on the page", async ({ page, request }) => {
  const token = await apiToken(request, ADA);
  const headers = { Authorization: `Token ${token}` };
  const colors = (await (await request.get('/api/media/color/', { headers })).json()) as { id: number }[];
  const created = await request.post('/api/projects/project/', {
    headers,
    data: { title: `Solo ${Date.now()}`, color: colors[0].id, task_list_title: 'Only list' },
  });
  expect(created.status()).toBe(201);
  const project = (await created.json()) as { id: number; title: string };
  try {
    await enterOfficeByApi(request, ADA);
    await signIn(page, ADA.email, ADA.password);
    await expect(page).toHaveURL(/\/office$/);
    await page.goto(`/p/${project.id}/x`);
    await expect(page.getByRole('heading', { name: project.title })).toBeVisible();
    const url = page.url();

    await page.getByRole('button', { name: 'Remove Ada' }).click();
    await page.getByRole('button', { name: 'Remove', exact: true }).click();

    await expect(page.locator('.ant-message').getByText('There should be at least one owner.')).toBeVisible();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('heading', { name: project.title })).toBeVisible();
    await expect(page.getByRole('row', { name: /Ada/ })).toBeVisible();
    await expect(page.getByText('Sorry, you are not authorized')).toHaveCount(0);
  } finally {
    await request.patch(`/api/projects/project/${project.id}/`, { headers, data: { archived_yn: true } });
    await request.delete(`/api/projects/project/${project.id}/`, { headers });
  }
});

/** Presses Tab until the focused element matches, as a keyboard user would (at most `limit` times). */
async function tabTo(page: Page, matches: (element: Element) => boolean, limit = 80): Promise<void> {
  const source = matches.toString();
  for (let press = 0; press < limit; press += 1) {
    await page.keyboard.press('Tab');
    const found = await page.evaluate((fn) => {
      const element = document.activeElement;
      return element ? (new Function(`return (${fn})`)() as (e: Element) => boolean)(element) : false;
    }, source);
    if (found) return;
  }
  throw new Error(`Tab never reached the element after ${limit} presses`);
}

test('keyboard only: sign in, enter the office, open a list, open a task and star it', async ({ page, request }) => {
  test.setTimeout(120_000);
  await leaveOfficeAs(request, ADA);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();

  // Sign in: Tab to the email field, type, Tab to the password, type, Enter.
  await tabTo(page, (element) => element.tagName === 'INPUT' && element.getAttribute('type') !== 'password');
  await page.keyboard.type(ADA.email);
  await tabTo(page, (element) => element.getAttribute('type') === 'password');
  await page.keyboard.type(ADA.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/start-work$/);

  // Enter the office.
  await tabTo(page, (element) => element.textContent?.trim() === 'Enter the Office');
  await expect(page.locator(':focus')).toHaveCSS('outline-style', /solid|auto/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/office$/);
  await expect(page.getByTestId('teammates-strip')).toBeVisible();

  // Open a list from the side menu.
  await tabTo(page, (element) => element.tagName === 'A' && /^\/l\/\d+\//.test(element.getAttribute('href') ?? ''));
  const listTitle = (await page.locator(':focus').textContent())?.trim() ?? '';
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/l\/\d+\//);
  await expect(page.getByRole('heading', { name: listTitle, level: 1 })).toBeVisible();
  await expect(page.getByTestId('task-card').first()).toBeVisible();

  // Open the first task from its title.
  await tabTo(page, (element) => element.classList.contains('task-card-title'));
  const taskTitle = (await page.locator(':focus').textContent())?.trim() ?? '';
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/l\/\d+\/[^/]+\/\d+\//);

  // Star it from its card.
  const card = page.getByTestId('task-card').filter({ hasText: taskTitle }).first();
  const starred = (await card.getByRole('button', { name: 'Remove from Starred' }).count()) > 0;
  const target = starred ? 'Remove from Starred' : 'Add to Starred';
  await tabTo(page, (element) => element.getAttribute('aria-label') === 'Add to Starred' || element.getAttribute('aria-label') === 'Remove from Starred');
  // The first star button Tab reaches belongs to the first card: the one just opened.
  await expect(page.locator(':focus')).toHaveAttribute('aria-label', target);
  const flagSaved = () =>
    page.waitForResponse((response) => response.url().includes('/api/projects/user_task/') && response.request().method() === 'POST');
  let saved = flagSaved();
  await page.keyboard.press('Enter');
  await expect(card.getByRole('button', { name: starred ? 'Add to Starred' : 'Remove from Starred' })).toBeVisible();
  // A flag is changed once its save is back (a second press while it is saving is not a change).
  await saved;

  // Put it back as it was, still by keyboard.
  saved = flagSaved();
  await page.keyboard.press('Enter');
  await saved;
  await expect(card.getByRole('button', { name: target })).toBeVisible();
});
