import { expect, test, type Page } from '@playwright/test';
import { CY, leaveOfficeAs, signIn } from './helpers';

/** Every Content-Security-Policy violation the page reports, collected before any script runs
 * (Playwright's init script is not subject to the page's policy). */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const console: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) console.push(message.text());
  });
  return async () => [
    ...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)),
    ...console,
  ];
}

test.beforeEach(async ({ request }) => {
  await leaveOfficeAs(request, CY);
});

test.afterEach(async ({ request }) => {
  await leaveOfficeAs(request, CY);
});

test('the strict policy is on and sign-in and the office break none of it', async ({ page }) => {
  const violations = await recordViolations(page);
  const answer = await page.goto('/');
  const policy = answer?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self'");
  expect(policy).not.toContain("script-src 'self' 'unsafe-inline'");
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(await violations()).toEqual([]);

  await signIn(page, CY.email, CY.password);
  await expect(page).toHaveURL(/\/start-work$/);
  await page.getByRole('button', { name: 'Enter the Office' }).click();
  await expect(page).toHaveURL(/\/office$/);
  await expect(page.getByTestId('teammates-strip')).toBeVisible();
  await expect(page.getByTestId('status-tag')).toHaveText('Working');
  expect(await violations()).toEqual([]);
});

test('an inline script is refused by the browser', async ({ page }) => {
  const violations = await recordViolations(page);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  // What an injected <script> would be: the policy must stop it.
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.injected = true;';
    document.body.appendChild(script);
  });
  await expect.poll(violations).toContainEqual(expect.stringContaining('script-src'));
  expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
});
