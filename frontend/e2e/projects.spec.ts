import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { saveScreenshot, signIn, settledBox } from './helpers';

const PASSWORD = 'remote-2026';
const ADA = { email: 'ada@example.com', password: PASSWORD };
const BEN = { email: 'ben@example.com', password: PASSWORD };
const CY = { email: 'cy@example.com', password: PASSWORD };

async function tokenOf(request: APIRequestContext, user: { email: string; password: string }): Promise<string> {
  const answer = await request.post('/api/accounts/token/', { data: user });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { token: string }).token;
}

/** Into the office through the API, so the sign-in lands on /office. */
async function enterOffice(request: APIRequestContext, user: { email: string; password: string }) {
  const token = await tokenOf(request, user);
  await request.post('/api/work/create_log_user_status/', {
    headers: { Authorization: `Token ${token}` },
    data: { status_enum_identifier: 'working' },
  });
}

async function signInToOffice(page: Page, user: { email: string; password: string }) {
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/office/);
}

/** Archive and delete what a test created, so reruns start clean. */
async function deleteProject(request: APIRequestContext, projectId: number) {
  const headers = { Authorization: `Token ${await tokenOf(request, ADA)}` };
  await request.patch(`/api/projects/project/${projectId}/`, { headers, data: { archived_yn: true } });
  await request.delete(`/api/projects/project/${projectId}/`, { headers });
}

test('owners share a project live; stars, badges and section order follow; outsiders are refused', async ({ browser, request }) => {
  test.setTimeout(120_000);
  await enterOffice(request, ADA);
  await enterOffice(request, BEN);
  const title = `Launch ${Date.now()}`;
  const adaContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const benContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  let projectId: number | null = null;
  try {
    const ada = await adaContext.newPage();
    const ben = await benContext.newPage();
    await signInToOffice(ada, ADA);
    await signInToOffice(ben, BEN);

    // Ada creates the project with its first list.
    await ada.getByRole('button', { name: 'Create a Project' }).click();
    await ada.getByLabel('Project name').fill(title);
    await expect(ada.getByTestId('preview-title')).toHaveText(title);
    await ada.getByLabel('First task list').fill('Website');
    await ada.getByRole('radiogroup', { name: 'Project color' }).getByRole('radio').nth(3).click();
    await ada.getByRole('button', { name: 'Create project' }).click();
    await expect(ada).toHaveURL(/\/p\/\d+\/launch-\d+$/);
    projectId = Number(new URL(ada.url()).pathname.split('/')[2]);
    await expect(ada.getByRole('heading', { name: title })).toBeVisible();
    await expect(ada.getByRole('link', { name: 'Website', exact: true }).first()).toBeVisible();

    // Ada adds Ben to the project and to the list.
    await ada.getByPlaceholder('Search or add new project member').fill('be');
    await ada.locator('.ant-select-item-option:visible', { hasText: 'Ben' }).click();
    await expect(ada.getByRole('row', { name: /Ben/ })).toBeVisible();
    // The project search's options close before the list's open (both are portaled to the page:
    // a click on a closing option would add Ben to the project again, not to the list).
    await expect(ada.locator('.ant-select-item-option:visible')).toHaveCount(0);
    await ada.getByRole('button', { name: 'List members' }).first().click();
    const dialog = ada.getByRole('dialog', { name: "Website's list members" });
    await dialog.getByPlaceholder('Search or add new list member').fill('ben');
    await ada.locator('.ant-select-item-option:visible', { hasText: 'Ben' }).click();
    await expect(dialog.getByRole('row', { name: /Ben/ })).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    await saveScreenshot(ada, 'project-overview');

    // Ben sees it appear in his side menu without reloading.
    const benTree = ben.getByTestId('project-tree');
    await expect(benTree.getByRole('treeitem', { name: title })).toBeVisible({ timeout: 15_000 });
    await expect(benTree.getByRole('link', { name: 'Website', exact: true })).toBeVisible({ timeout: 15_000 });

    // Ada adds three sections and a task in the first.
    await ada.getByRole('link', { name: 'Website', exact: true }).first().click();
    await expect(ada).toHaveURL(/\/l\/\d+\/website$/);
    await ada.getByRole('button', { name: 'Add sections' }).click();
    for (const name of ['Design', 'Build', 'Ship']) {
      await ada.getByLabel('Section name').fill(name);
      await ada.getByRole('button', { name: 'Create', exact: true }).click();
    }
    await ada.getByRole('dialog', { name: 'Add sections' }).getByRole('button', { name: 'Add sections' }).click();
    await expect(ada.getByTestId('section-title')).toHaveCount(3);
    await ada.getByRole('button', { name: 'Add task' }).first().click();
    await ada.getByLabel('New task name').fill('Draw the home page');
    await ada.getByLabel('New task name').press('Enter');
    await expect(ada.getByTestId('task-card').filter({ hasText: 'Draw the home page' })).toBeVisible();
    await ada.getByTestId('task-card').filter({ hasText: 'Draw the home page' }).getByText('Draw the home page').click();
    await expect(ada.getByRole('complementary', { name: 'Task details' }).getByRole('heading', { name: 'Draw the home page' })).toBeVisible();
    await saveScreenshot(ada, 'list-page-details');

    // Ben opens the list and stars the task: it shows on Starred with the badge count.
    await benTree.getByRole('link', { name: 'Website', exact: true }).click();
    await expect(ben.getByTestId('section-title')).toHaveText([/Design/, /Build/, /Ship/]);
    const starredBefore = await (await request.get('/api/projects/tasks/groups/counts/', { headers: { Authorization: `Token ${await tokenOf(request, BEN)}` } })).json() as { starred_count: number };
    const benCard = ben.getByTestId('task-card').filter({ hasText: 'Draw the home page' });
    await benCard.getByRole('button', { name: 'Add to Starred' }).click();
    await expect(benCard.getByRole('button', { name: 'Remove from Starred' })).toBeVisible();
    const starredMenu = ben.getByRole('menuitem', { name: /Starred/ });
    await expect(starredMenu).toContainText(String(starredBefore.starred_count + 1));
    await starredMenu.click();
    await expect(ben).toHaveURL(/\/starred$/);
    await expect(ben.getByTestId('project-card').filter({ hasText: title }).getByText('Draw the home page')).toBeVisible();
    await ben.goto(ben.url().replace('/starred', '/today'));
    await expect(ben.getByRole('heading', { name: 'Today' })).toBeVisible();
    await expect(ben.getByTestId('project-card').first()).toBeVisible();
    await saveScreenshot(ben, 'today-page');
    await benTree.getByRole('link', { name: 'Website', exact: true }).click();
    await expect(ben.getByTestId('section-title')).toHaveText([/Design/, /Build/, /Ship/]);

    // Ada drags Ship to the top; Ben's page follows.
    await ada.getByRole('button', { name: 'List menu' }).click();
    await ada.getByRole('menuitem', { name: 'Manage sections' }).click();
    const modal = ada.getByRole('dialog', { name: 'Manage sections' });
    await expect(modal.getByTestId('manage-section-row')).toHaveCount(3);
    const handle = modal.getByRole('button', { name: 'Drag Ship' });
    const target = modal.getByRole('row', { name: 'Design' });
    const from = await settledBox(handle);
    const to = await settledBox(target);
    await saveScreenshot(ada, 'manage-sections');
    await ada.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await ada.mouse.down();
    await ada.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
    await ada.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 15 });
    await ada.mouse.up();
    await expect(modal.getByTestId('manage-section-row')).toHaveText([/Ship/, /Design/, /Build/]);
    await modal.getByRole('button', { name: 'Done' }).click();
    await expect(ada.getByTestId('section-title')).toHaveText([/Ship/, /Design/, /Build/]);
    // Ben's page follows live: the backend announces the move (sections_changed) to the members.
    await expect(ben.getByTestId('section-title')).toHaveText([/Ship/, /Design/, /Build/]);

    // Cy is not a member: the project link goes to /unauthorized.
    const cyContext = await browser.newContext();
    try {
      const cy = await cyContext.newPage();
      await enterOffice(request, CY);
      await signInToOffice(cy, CY);
      await cy.goto(`/p/${projectId}/${title.toLowerCase().replace(' ', '-')}`);
      await expect(cy).toHaveURL(/\/unauthorized$/);
    } finally {
      await cyContext.close();
    }
  } finally {
    if (projectId) await deleteProject(request, projectId);
    await adaContext.close().catch(() => undefined);
    await benContext.close().catch(() => undefined);
  }
});

test('a malformed project link shows the Malformed URL page', async ({ page, request }) => {
  await enterOffice(request, ADA);
  await signInToOffice(page, ADA);
  await page.goto('/p/abc/anything');
  await expect(page.getByText('Malformed URL')).toBeVisible();
  await expect(page.getByText(/does not look like a valid link/)).toBeVisible();
  await saveScreenshot(page, 'side-menu-tree');
});
