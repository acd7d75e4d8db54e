import { expect, test, type Page } from '@playwright/test';
import { CY, apiToken, leaveOfficeAs, saveScreenshot, signIn } from './helpers';

const ORIGINAL_CITY = 'Reykjavik';

test.beforeEach(async ({ request }) => {
  await leaveOfficeAs(request, CY);
});

test.afterEach(async ({ request }) => {
  // Put back what the tests change, whatever happened.
  const token = await apiToken(request, CY);
  await request.patch('/api/accounts/me/', { headers: { Authorization: `Token ${token}` }, multipart: { city: ORIGINAL_CITY } });
  await leaveOfficeAs(request, CY);
});

async function openEditProfile(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Manage account' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Profile' })).toBeVisible();
  return page.getByRole('dialog', { name: 'Edit Profile' });
}

test('edit profile: checks the photo, the required fields, and saves only what changed', async ({ page }) => {
  await signIn(page, CY.email, CY.password);
  await expect(page).toHaveURL(/\/start-work$/);
  const dialog = await openEditProfile(page);
  await expect(dialog.getByLabel('Email', { exact: true })).toHaveValue(CY.email);
  await saveScreenshot(page, 'edit-profile');

  // Too large: refused before any upload.
  await dialog.getByTestId('avatar-input').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(1_048_577) });
  await expect(dialog.getByText('File size too large')).toBeVisible();
  await expect(dialog.getByText('Please make sure the image size is less than 1MB.')).toBeVisible();
  await saveScreenshot(page, 'edit-profile-too-large');

  // Looks like a png, is not one: the server's reason is shown.
  await dialog.getByTestId('avatar-input').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog.getByTestId('save-profile-error')).toContainText('Save Profile failed');
  await expect(dialog.getByTestId('save-profile-error')).toContainText('Upload a valid image');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const again = await openEditProfile(page);
  await again.getByLabel('Full name').fill('');
  await again.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(again.getByText('Full name is required')).toBeVisible();
  await again.getByLabel('Full name').fill('Cy Tanaka');

  const patch = page.waitForRequest((req) => req.url().endsWith('/api/accounts/me/') && req.method() === 'PATCH');
  await again.getByLabel('City').fill('Osaka');
  await again.getByRole('button', { name: 'Save', exact: true }).click();
  const body = (await patch).postData() ?? '';
  expect(body).toContain('name="city"');
  expect(body).not.toContain('name="full_name"');
  await expect(page.getByRole('dialog', { name: 'Edit Profile' })).toBeHidden();

  const reopened = await openEditProfile(page);
  await expect(reopened.getByLabel('City')).toHaveValue('Osaka');
});
