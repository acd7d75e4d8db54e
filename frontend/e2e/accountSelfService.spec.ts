import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADA, apiToken, saveScreenshot, signIn } from './helpers';

// Issue 30: 'Forgot password?' (the emailed link) and signing out another device.

const MAIL_DIR = process.env.E2E_MAIL_DIR ?? '';
const FIREFOX = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

// The members a test adds leave the workspace after it: later specs count the demo's three.
const added: number[] = [];
test.afterEach(async ({ request }) => {
  const headers = { Authorization: `Token ${await apiToken(request, ADA)}` };
  for (const id of added.splice(0)) {
    expect((await request.post(`/api/workspace/members/${id}/deactivate/`, { headers })).ok()).toBe(true);
  }
});

/** A new member of Ada's workspace with a password, set through the admin's set-password link. */
async function newMember(request: APIRequestContext, name: string): Promise<{ email: string; password: string }> {
  const headers = { Authorization: `Token ${await apiToken(request, ADA)}` };
  const ada = (await (await request.get('/api/accounts/me/', { headers })).json()) as { id: number };
  const email = `${name}.${Date.now()}@example.com`;
  const created = await request.post('/api/workspace/members/', {
    headers,
    data: { email, workspace_user_type: 'MEMBER', team_page_owner_ids: [ada.id], send_invitation: false, display_name: name },
  });
  expect(created.status()).toBe(201);
  const body = (await created.json()) as { member: { id: number }; set_password_link: string };
  added.push(body.member.id);
  const link = body.set_password_link;
  const password = 'first-passphrase-41';
  const accepted = await request.post('/api/accounts/invitation/accept/', { data: { token: link.split('/accept-invitation/')[1], password } });
  expect(accepted.status()).toBe(200);
  return { email, password };
}

/** The reset link of the newest email to `address` the file backend wrote. */
function resetLink(address: string): string | null {
  let files: string[] = [];
  try {
    files = readdirSync(MAIL_DIR).sort();
  } catch {
    return null;
  }
  for (const file of files.reverse()) {
    const text = readFileSync(join(MAIL_DIR, file), 'utf8').replace(/=\r?\n/g, '');
    if (!text.includes(`To: ${address}`)) continue;
    const match = text.match(/https?:\/\/\S+\/reset-password\/\S+\/\S+/);
    if (match) return match[0];
  }
  return null;
}

/** Every email to `address` the file backend wrote. */
function mailTo(address: string): string[] {
  try {
    return readdirSync(MAIL_DIR)
      .map((file) => readFileSync(join(MAIL_DIR, file), 'utf8'))
      .filter((text) => text.includes(`To: ${address}`));
  } catch {
    return [];
  }
}

async function openEditProfile(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Manage account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('forgot password: the emailed link sets a new password once, and the member signs in with it', async ({ page, request }) => {
  test.skip(!MAIL_DIR, 'E2E_MAIL_DIR is set by make e2e');
  test.setTimeout(90_000);
  const member = await newMember(request, 'fay');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot password?' })).toBeVisible();
  await saveScreenshot(page, 'issue30-forgot-password-1440');
  await page.getByLabel('Email').fill(member.email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByText('If an account uses this address, we have sent it a link')).toBeVisible();
  await saveScreenshot(page, 'issue30-forgot-password-sent-1440');

  await expect.poll(() => resetLink(member.email)).not.toBeNull();
  const link = resetLink(member.email) as string;
  await page.goto(new URL(link).pathname);
  await expect(page.getByText(member.email)).toBeVisible();
  const fresh = page.getByLabel('New password', { exact: true });
  const repeat = page.getByLabel('Repeat the new password');
  await fresh.fill('12345678');
  await repeat.fill('12345678');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('alert')).toContainText('This password is too common.');
  await fresh.fill('a-fresh-passphrase-77');
  await repeat.fill('a-fresh-passphrase-77');
  await saveScreenshot(page, 'issue30-reset-password-1440');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('Your password is set', { exact: true })).toBeVisible();

  // The owner is told; the link works once.
  await expect.poll(() => mailTo(member.email).some((text) => text.includes('Subject: Your Remote Office password was reset'))).toBe(true);
  await page.goto(new URL(link).pathname);
  await expect(page.getByText('This link does not work')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, 'issue30-reset-link-spent-390');

  await signIn(page, member.email, member.password);
  await expect(page.getByText('Username and password does not match!')).toBeVisible();
  await signIn(page, member.email, 'a-fresh-passphrase-77');
  await expect(page).toHaveURL(/\/start-work$/);
});

test('signing out another device sends it to sign-in at once', async ({ browser, request }) => {
  test.setTimeout(90_000); // two browsers, signing in twice
  const member = await newMember(request, 'gus');
  const here = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const there = await browser.newContext({ userAgent: FIREFOX, viewport: { width: 390, height: 844 } });
  const mine = await here.newPage();
  const other = await there.newPage();
  try {
    await signIn(other, member.email, member.password);
    await expect(other).toHaveURL(/\/start-work$/);
    await signIn(mine, member.email, member.password);
    await expect(mine).toHaveURL(/\/start-work$/);

    const dialog = await openEditProfile(mine);
    const devices = dialog.getByRole('region', { name: 'Signed-in devices' });
    await expect(devices.getByRole('listitem')).toHaveCount(2);
    await expect(devices.getByRole('listitem').first()).toContainText('This device');
    const firefox = devices.getByRole('listitem', { name: 'Firefox 128 on Ubuntu' });
    await expect(firefox).toContainText('Last used');
    await devices.scrollIntoViewIfNeeded();
    await saveScreenshot(mine, 'issue30-sessions-1440');
    await firefox.getByRole('button', { name: 'Sign out Firefox 128 on Ubuntu' }).click();
    await expect(mine.getByText('The device is signed out.')).toBeVisible();
    await expect(devices.getByRole('listitem')).toHaveCount(1);

    // No reload: the revoked device's socket closes and the app goes back to sign-in.
    await expect(other.getByRole('button', { name: 'Log in' })).toBeVisible();
    await expect(other).toHaveURL(/\/$/);
    // This device is still signed in.
    await mine.reload();
    await expect(mine).toHaveURL(/\/start-work$/);
    await mine.setViewportSize({ width: 390, height: 844 });
    const phone = await openEditProfile(mine);
    await phone.getByRole('region', { name: 'Signed-in devices' }).scrollIntoViewIfNeeded();
    await saveScreenshot(mine, 'issue30-sessions-390');
  } finally {
    await here.close();
    await there.close();
  }
});
