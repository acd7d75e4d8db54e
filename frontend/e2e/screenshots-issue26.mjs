// Issue 26 walked once more in Chromium at 1440 and 390 px (docs/screenshots/issue26/):
//   node e2e/screenshots-issue26.mjs <baseUrl> [width]   (both 1440 and 390 without a width)
// Signs in as Ada (the demo: in the office, observing Ben and Cy, owner of 'Sprint 12').
import { base, launch, shooter, signInToOffice, viewportOf, widths } from './screenshotKit.mjs';

const TOKEN_KEY = 'token';
const out = '../docs/screenshots/issue26';
const browser = await launch();

for (const width of widths) {
  const page = await browser.newPage({ viewport: viewportOf(width) });
  const shoot = shooter(out, width);
  const shot = (name, options) => shoot(page, name, options);
  await signInToOffice(page, 'ada@example.com');
  await page.getByTestId('tracking-tag').waitFor({ timeout: 30_000 });
  await shot('office');

  // Notifications: the popover, each item a link to its subject.
  await page.getByTestId('notifications-bell').click();
  await shot('notifications');
  await page.keyboard.press('Escape');

  // Today: the hours card and the project time bars, on one duration rule.
  await page.goto(`${base}/today`);
  await page.getByTestId('project-cards').waitFor();
  await shot('today');

  // A list: the section menu's Rename, and Manage sections with its pencils.
  const lists = await (await page.request.get(`${base}/api/projects/task_lists/?archived_yn=false`, { headers: await authHeaders(page) })).json();
  const sprint = lists.find((list) => list.title === 'Sprint 12');
  await page.goto(`${base}/l/${sprint.id}/sprint-12`);
  await page.getByTestId('section-title').first().waitFor();
  await page.getByRole('button', { name: /^Section menu of / }).first().click();
  await shot('section-menu');
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename section' });
  await rename.getByLabel('Section name').fill('   ');
  await shot('section-rename-empty');
  await rename.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'List menu' }).click();
  await page.getByRole('menuitem', { name: 'Manage sections' }).click();
  await page.getByRole('dialog', { name: 'Manage sections' }).waitFor();
  await shot('manage-sections');
  await page.getByRole('dialog', { name: 'Manage sections' }).getByRole('button', { name: 'Done' }).click();

  // A task's description editor (Confirm toasts).
  await page.getByTestId('task-card').first().getByRole('button').first().click();
  await page.getByRole('tab', { name: 'Details' }).click({ timeout: 10_000 }).catch(() => {});
  await shot('task-details');

  // The project's lists table (Create new list, Rename).
  await page.goto(`${base}/p/${sprint.parent_project}/mobile-app`);
  await page.getByRole('button', { name: 'Create new list' }).waitFor();
  await shot('project-lists');

  // The checkout: 'Shared with you' first, the failed checks grouped.
  await page.goto(`${base}/checkout`);
  await page.getByTestId('shared-with-you').waitFor();
  await shot('checkout');

  // History: tracked time only with a tracker, other people's times in their zone.
  await page.goto(`${base}/history`);
  await page.getByRole('table', { name: 'Worktime table' }).waitFor();
  await shot('history');

  // The workspace area: members and the wizard's calendar field (no JSON).
  await page.goto(`${base}/members`);
  await page.getByRole('row', { name: /Ben/ }).waitFor();
  await shot('members');
  await page.getByRole('button', { name: 'Add new member' }).click();
  const wizard = page.getByRole('dialog', { name: 'Add new member' });
  await wizard.getByRole('textbox', { name: 'Email' }).fill('shots@example.com');
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByLabel('Display name').fill('Shots');
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByText('Work hours source').waitFor();
  await shot('wizard-settings');
  await page.close();
}
await browser.close();

/** The signed-in tab's API token, for a read the script needs (the list's id). */
async function authHeaders(page) {
  const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
  return { Authorization: `Token ${token}` };
}
