import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** Screenshots kept as CI artifacts whatever the outcome (e2e-artifacts/screenshots/). */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `e2e-artifacts/screenshots/${name}.png`, fullPage: true });
}

export const CY = { email: 'cy@example.com', password: 'remote-2026' };

export async function signIn(page: Page, email: string, password: string, path = '/'): Promise<void> {
  await page.goto(path);
  await page.getByLabel('Email').fill(email);
  await page.getByPlaceholder('Password 8+ characters').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Takes the user out of the office through the API so every test starts from the same state
 * (the checkout's leave call, leaving whatever its checks say). */
export async function leaveOfficeAs(request: APIRequestContext, user: { email: string; password: string }): Promise<void> {
  const tokenAnswer = await request.post('/api/accounts/token/', { data: user });
  expect(tokenAnswer.status()).toBe(200);
  const { token } = (await tokenAnswer.json()) as { token: string };
  const headers = { Authorization: `Token ${token}` };
  const left = await request.post('/api/work/checkout/leave_office/', { headers, data: { leave_anyway: true } });
  expect(left.status()).toBe(200);
  await request.post('/api/accounts/logout/', { headers });
}

export const ADA = { email: 'ada@example.com', password: 'remote-2026' };
export const BEN = { email: 'ben@example.com', password: 'remote-2026' };

/** Signs in and enters the office from /start-work. */
export async function enterOffice(page: Page, user: { email: string; password: string }): Promise<void> {
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/start-work$/);
  await page.getByRole('button', { name: 'Enter the Office' }).click();
  await expect(page).toHaveURL(/\/office$/);
}

/** A token for API set-up and clean-up in tests. */
export async function apiToken(request: APIRequestContext, user: { email: string; password: string }): Promise<string> {
  const answer = await request.post('/api/accounts/token/', { data: user });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { token: string }).token;
}

/**
 * The element's box once it has stopped moving. Modals open with a zoom animation: a box read
 * during it is off, and a drag that starts there misses its handle.
 */
export async function settledBox(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  let previous = await locator.boundingBox();
  for (let attempt = 0; attempt < 40; attempt += 1) {
    await locator.page().waitForTimeout(50);
    const current = await locator.boundingBox();
    if (
      previous && current &&
      previous.x === current.x && previous.y === current.y &&
      previous.width === current.width && previous.height === current.height
    ) {
      return current;
    }
    previous = current;
  }
  throw new Error('the element kept moving for 2 seconds');
}

/** Ada (an admin) sets the workspace's guardian policy through the workspace settings API. */
export async function setGuardianPolicy(
  api: APIRequestContext,
  policy: 'off' | 'propose' | 'apply',
): Promise<void> {
  const signedIn = await api.post('/api/accounts/token/', { data: ADA });
  if (signedIn.status() !== 200) throw new Error(`Ada could not sign in: ${signedIn.status()}`);
  const { token } = (await signedIn.json()) as { token: string };
  const headers = { Authorization: `Token ${token}` };
  const changed = await api.patch('/api/workspace/settings/', { headers, data: { guardian_policy: policy } });
  const answer = (await changed.json()) as { guardian_policy?: string };
  await api.post('/api/accounts/logout/', { headers });
  if (changed.status() !== 200 || answer.guardian_policy !== policy) {
    throw new Error(`the guardian policy could not be set to ${policy}: ${changed.status()}`);
  }
}
