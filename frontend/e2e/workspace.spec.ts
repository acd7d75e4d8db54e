import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADA, BEN, CY, apiToken, enterOffice, leaveOfficeAs, saveScreenshot, settledBox, signIn } from './helpers';

// The workspace area (spec 02 §2), the invitation link and the team page, through the UI.

const MAIL_DIR = process.env.E2E_MAIL_DIR ?? '';

async function asAdmin(request: APIRequestContext) {
  return { Authorization: `Token ${await apiToken(request, ADA)}` };
}

/** The invitation link of the newest email to `address` the file backend wrote. */
function invitationLink(address: string): string | null {
  let files: string[] = [];
  try {
    files = readdirSync(MAIL_DIR).sort();
  } catch {
    return null;
  }
  for (const file of files.reverse()) {
    const text = readFileSync(join(MAIL_DIR, file), 'utf8');
    if (!text.includes(`To: ${address}`)) continue;
    // Quoted-printable may wrap long lines with "=\n".
    const match = text.replace(/=\r?\n/g, '').match(/https?:\/\/\S+\/accept-invitation\/\S+/);
    if (match) return match[0];
  }
  return null;
}

async function openMembers(page: Page) {
  await page.goto('/members');
  await expect(page.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible();
}

test.beforeEach(async ({ request }) => {
  await leaveOfficeAs(request, ADA);
});

test.afterEach(async ({ request }) => {
  await leaveOfficeAs(request, ADA);
});

test('Ada adds a member with an invitation; the emailed link sets the password and the member signs in', async ({ page, browser }) => {
  test.skip(!MAIL_DIR, 'E2E_MAIL_DIR is set by make e2e');
  const email = `dee.${Date.now()}@example.com`;
  await page.setViewportSize({ width: 1440, height: 900 });
  await enterOffice(page, ADA);
  await openMembers(page);
  await expect(page.getByRole('cell', { name: /Ben/ }).first()).toBeVisible();
  await saveScreenshot(page, 'issue14-members-1440');
  // The member account panel: Ben's real values, editable; saving a change shows it in the list.
  await page.getByRole('row', { name: /Ben/ }).getByRole('cell').first().click();
  const panel = page.getByRole('dialog', { name: "Ben's account" });
  await expect(panel.getByRole('textbox', { name: 'Job title' })).not.toHaveValue('');
  await panel.getByRole('textbox', { name: 'City' }).fill('Montreal');
  await settledBox(panel.getByRole('button', { name: 'Save' }));
  await saveScreenshot(page, 'issue14-account-panel-1440');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('row', { name: /Ben/ })).toContainText('Montreal');

  await page.getByRole('button', { name: 'Add new member' }).click();
  const wizard = page.getByRole('dialog', { name: 'Add new member' });
  await expect(wizard.getByRole('checkbox', { name: 'Send email invitation' })).toBeChecked();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByText('Email is required.')).toBeVisible();
  await wizard.getByRole('textbox', { name: 'Email' }).fill(email);
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByLabel('Display name').fill('Dee');
  await wizard.getByLabel('Job title').fill('Support');
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByText('Work hours source')).toBeVisible();
  await saveScreenshot(page, 'issue14-wizard-1440');
  await wizard.getByRole('button', { name: 'Add Member' }).click();
  await expect(wizard).toBeHidden();
  const row = page.getByRole('row', { name: /Dee/ });
  await expect(row).toContainText('Invited');
  await expect(row).toContainText('Never');

  let link: string | null = null;
  await expect.poll(() => (link = invitationLink(email)), { timeout: 10_000 }).not.toBeNull();
  const context = await browser.newContext();
  try {
    const dee = await context.newPage();
    await dee.goto(new URL(link!).pathname);
    await expect(dee.getByRole('heading', { name: /Welcome to Acme Remote/ })).toBeVisible();
    await saveScreenshot(dee, 'issue14-accept');
    await dee.getByLabel('New password').fill('dee-password-1');
    await dee.getByLabel('Repeat the password').fill('dee-password-2');
    await dee.getByRole('button', { name: 'Set password' }).click();
    await expect(dee.getByRole('alert')).toContainText('The passwords do not match.');
    await dee.getByLabel('Repeat the password').fill('dee-password-1');
    await dee.getByRole('button', { name: 'Set password' }).click();
    await expect(dee.getByText('Your password is set')).toBeVisible();
    await saveScreenshot(dee, 'issue14-accept-done');
    await dee.getByRole('button', { name: 'Sign in' }).click();
    await signIn(dee, email, 'dee-password-1');
    await expect(dee).toHaveURL(/\/start-work$/);
    // The link works once.
    await dee.goto(new URL(link!).pathname);
    await expect(dee.getByText('This invitation link has already been used. Sign in with your password.')).toBeVisible();
  } finally {
    await context.close();
  }
});

test("Ada deactivates Cy and Cy's open tab is signed out at once", async ({ page, browser, request }) => {
  const headers = await asAdmin(request);
  const context = await browser.newContext();
  try {
    const cy = await context.newPage();
    await enterOffice(cy, CY);
    await enterOffice(page, ADA);
    await openMembers(page);
    await page.getByLabel('Search members').fill('Cy');
    const row = page.getByRole('row', { name: /Cy/ });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: /Actions for Cy/ }).click();
    await page.getByRole('menuitem', { name: 'Deactivate' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByText('Cy deactivated.')).toBeVisible();

    // Cy's tab is back on the sign-in page, and the old session is gone.
    await expect(cy.getByRole('button', { name: 'Log in' })).toBeVisible({ timeout: 10_000 });
    await signIn(cy, CY.email, CY.password);
    await expect(cy.getByText('Username and password does not match!')).toBeVisible();

    await page.getByText('Inactive', { exact: true }).click();
    await expect(page.getByRole('row', { name: /Cy/ })).toHaveCount(1);
  } finally {
    await context.close();
    const members = await request.get('/api/workspace/members/?status=inactive&search=Cy', { headers });
    for (const member of ((await members.json()) as { results: { id: number }[] }).results) {
      await request.post(`/api/workspace/members/${member.id}/reactivate/`, { headers });
    }
    await leaveOfficeAs(request, CY);
  }
});

test('Ada archives a project (members lose access) and deletes it for real', async ({ page, request }) => {
  const headers = await asAdmin(request);
  const colors = (await (await request.get('/api/media/color/', { headers })).json()) as { id: number }[];
  const title = `Moonbase ${Date.now()}`;
  const created = await request.post('/api/projects/project/', { headers, data: { title, color: colors[0].id } });
  expect(created.status()).toBe(201);

  await page.setViewportSize({ width: 1440, height: 900 });
  await enterOffice(page, ADA);
  await page.goto('/projects');
  await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
  await saveScreenshot(page, 'issue14-projects-1440');
  await page.getByLabel('Search projects').fill(title);
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(page.getByRole('row')).toHaveCount(2, { timeout: 10_000 }); // header + the one project
  await row.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  const archive = page.getByRole('dialog', { name: 'Archive project' });
  await expect(archive.getByRole('button', { name: 'Archive' })).toBeDisabled();
  await archive.getByRole('checkbox').check();
  await archive.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByText(`${title} archived.`)).toBeVisible();

  await page.getByText('Archived', { exact: true }).click();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const remove = page.getByRole('dialog', { name: 'Delete project' });
  await remove.getByLabel(/Type DELETE PROJECT FOREVER/).fill('DELETE PROJECT');
  await remove.getByRole('checkbox').check();
  await expect(remove.getByRole('button', { name: 'Delete forever' })).toBeDisabled();
  await remove.getByLabel(/Type DELETE PROJECT FOREVER/).fill('DELETE PROJECT FOREVER');
  await saveScreenshot(page, 'issue14-delete-dialog');
  await remove.getByRole('button', { name: 'Delete forever' }).click();
  await expect(page.getByText(`${title} deleted.`)).toBeVisible();
  await expect(row).toHaveCount(0);
  const gone = await request.get(`/api/projects/project/${((await created.json()) as { id: number }).id}/`, { headers });
  expect(gone.status()).toBe(404);
});

test("Ada's team page shows Ben going on a break, live", async ({ page, request }) => {
  const benHeaders = { Authorization: `Token ${await apiToken(request, BEN)}` };
  try {
    expect((await request.post('/api/work/create_log_user_status/', { headers: benHeaders, data: { status_enum_identifier: 'working' } })).status()).toBe(201);
    await page.setViewportSize({ width: 1440, height: 900 });
    await enterOffice(page, ADA);
    await page.getByRole('link', { name: 'Team' }).click();
    await expect(page).toHaveURL(/\/team$/);
    const ben = page.getByRole('region', { name: 'Ben' });
    await expect(ben).toContainText('Working');
    await expect(ben.getByTestId('checkout-status')).toContainText('Still in the office');
    await expect(page.getByRole('region', { name: 'Cy' })).toBeVisible();
    await saveScreenshot(page, 'issue14-team-1440');

    expect((await request.post('/api/work/create_log_user_status/', { headers: benHeaders, data: { status_enum_identifier: 'taking_break' } })).status()).toBe(201);
    await expect(ben).toContainText('On a break', { timeout: 10_000 });
  } finally {
    await leaveOfficeAs(request, BEN);
  }
});

test('the workspace area at 390 px: the menu is a drawer, the panels scroll', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await enterOffice(page, ADA);
  await page.goto('/members');
  await expect(page.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible();
  await expect(page.getByRole('row', { name: /Ben/ })).toBeVisible();
  await saveScreenshot(page, 'issue14-members-390');
  await page.getByRole('button', { name: 'Open the menu' }).click();
  await expect(page.getByRole('button', { name: 'Back to Workspace' })).toBeVisible();
  await settledBox(page.getByRole('button', { name: 'Back to Workspace' }));
  await saveScreenshot(page, 'issue14-menu-390');
  await page.getByRole('link', { name: 'Projects' }).click();
  await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
  await saveScreenshot(page, 'issue14-projects-390');
  await page.goto('/members');
  await page.getByRole('row', { name: /Ben/ }).getByRole('cell').first().click();
  const panel = page.getByRole('dialog', { name: "Ben's account" });
  await expect(panel.getByRole('textbox', { name: 'Email' })).toHaveValue('ben@example.com');
  await settledBox(panel.getByRole('button', { name: 'Save' }));
  await saveScreenshot(page, 'issue14-account-panel-390');
  await page.goto('/team');
  await expect(page.getByRole('region', { name: 'Ben' })).toBeVisible();
  await saveScreenshot(page, 'issue14-team-390');
});

test('a member may not open the workspace area, but may still create a project from the popover', async ({ page, request }) => {
  await leaveOfficeAs(request, CY);
  try {
    await enterOffice(page, CY);
    await page.getByRole('button', { name: 'Workspace menu' }).click();
    await page.getByRole('button', { name: 'Members' }).click();
    await expect(page.getByText('Only workspace admins can open the workspace settings.')).toBeVisible();
    await page.getByRole('button', { name: 'Back to Workspace' }).click();
    await expect(page).toHaveURL(/\/office$/);
    await page.getByRole('button', { name: 'Workspace menu' }).click();
    // The project tree has a 'Create a Project' button too; the popover's is portalled last.
    await page.getByRole('button', { name: 'Create a Project' }).last().click();
    await expect(page.getByRole('dialog', { name: 'Create a project' })).toBeVisible();
  } finally {
    await leaveOfficeAs(request, CY);
  }
});
