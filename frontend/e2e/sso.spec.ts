import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADA, BEN, apiToken, signIn } from './helpers';

// Single sign-on with OpenID Connect (docs/security.md "Single sign-on") against the local
// identity provider of the fake integrations server (apps/integrations/fake_oidc.py).
const FAKE = process.env.E2E_FAKE_URL ?? 'http://127.0.0.1:8019';
const ISSUER = `${FAKE}/oidc`;
const CLIENT_ID = 'remote-office';
const CLIENT_SECRET = 'fake-oidc-client-secret-4242';
const SHOTS = '../docs/screenshots/issue30-sso';

async function shoot(page: Page, name: string, part?: Locator): Promise<void> {
  for (const [width, suffix] of [[1440, '1440'], [390, '390']] as const) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const path = `${SHOTS}/${name}-${suffix}.png`;
    await (part ? part.screenshot({ path }) : page.screenshot({ path, fullPage: true }));
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** The provider's sign-in form: who to sign in as. */
async function signInAtProvider(page: Page, email: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Local identity provider' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

// Every spec shares the database: the workspace's single sign-on (password sign-in off for members)
// is removed whatever happens here, so the other specs sign in with passwords.
test.afterAll(async ({ request }) => {
  const token = await apiToken(request, ADA);
  const removed = await request.delete('/api/workspace/sso/', { headers: { Authorization: `Token ${token}` } });
  expect(removed.status()).toBe(204);
});

test('an admin sets up the local provider and a member continues with it into the product', async ({ browser }) => {
  // The admin: Workspace > Single sign-on.
  const admin = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signIn(admin, ADA.email, ADA.password);
  await expect(admin).toHaveURL(/\/(start-work|office)$/);
  await admin.goto('/workspace');
  const section = admin.getByRole('region', { name: 'Single sign-on' });
  await section.getByLabel('Provider name').fill('Local ID');
  await section.getByLabel('Issuer').fill(ISSUER);
  await section.getByRole('button', { name: 'Test connection' }).click();
  await expect(section.getByText(/The provider answered/)).toBeVisible();
  await section.getByLabel('Client ID').fill(CLIENT_ID);
  await section.getByLabel('Client secret').fill(CLIENT_SECRET);
  await section.getByLabel('Members may also sign in with a password').click();
  await section.getByRole('button', { name: 'Save single sign-on' }).click();
  await expect(admin.getByText('Single sign-on saved.')).toBeVisible();
  // The secret is shown masked, its last 4 characters only.
  await expect(section.getByLabel('Client secret')).toHaveValue(/^•+4242$/);
  const link = (await section.getByText(/\?workspace=/).textContent())?.trim() ?? '';
  expect(link).toMatch(/\/\?workspace=[a-z0-9-]+$/);
  await shoot(admin, 'admin-settings', section);
  await admin.close();

  // The member opens the workspace's sign-in link.
  const member = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await member.goto(new URL(link).pathname + new URL(link).search);
  const continueButton = member.getByRole('link', { name: 'Continue with Local ID' });
  await expect(continueButton).toBeVisible();
  await shoot(member, 'sign-in-link');

  // Password sign-in is off for members: a clear refusal, even with the right password.
  await member.getByLabel('Email', { exact: true }).fill(BEN.email);
  await member.getByPlaceholder('Password 8+ characters').fill(BEN.password);
  await member.getByRole('button', { name: 'Log in' }).click();
  await expect(member.getByText("Your workspace signs in with Local ID: use 'Continue with Local ID'.")).toBeVisible();
  await shoot(member, 'password-refused');

  // An address no member of the workspace has: back on the sign-in page with the reason.
  await continueButton.click();
  await signInAtProvider(member, 'stranger@example.com');
  await expect(member.getByText(/No account of this workspace uses the email address your provider gave/)).toBeVisible();
  await shoot(member, 'unknown-account');

  // The member: continue with the provider, and into the product.
  await member.getByRole('link', { name: 'Continue with Local ID' }).click();
  await signInAtProvider(member, BEN.email);
  await expect(member).toHaveURL(/\/(start-work|office)$/);
  // In the product: the start page, or the office when an earlier spec left Ben in it (one database).
  const entered = member.getByRole('button', { name: 'Enter the Office' }).or(member.getByRole('heading', { name: 'Office', level: 1 }));
  await expect(entered).toBeVisible();
  await shoot(member, 'signed-in');
  await member.close();
});
