// Issue 32's morning digest and reminder switches at 1440 and 390 px (docs/screenshots/issue32-digest/):
//   node e2e/screenshots-issue32.mjs <baseUrl> [width]   (both 1440 and 390 without a width)
// Signs in as Ada (the demo: an admin observing Ben and Cy).
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://127.0.0.1:8000';
const out = '../docs/screenshots/issue32-digest';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

async function settle(page, ms = 700) {
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.waitForTimeout(ms);
}

const widths = process.argv[3] ? [Number(process.argv[3])] : [1440, 390];
for (const width of widths) {
  const page = await browser.newPage({ viewport: { width, height: width === 390 ? 844 : 900 } });
  const shot = async (name, options = {}) => {
    await settle(page);
    await page.screenshot({ path: `${out}/${name}-${width}.png`, ...options });
  };
  await page.goto(`${base}/`);
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByPlaceholder('Password 8+ characters').fill('remote-2026');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/(office|start-work)$/, { timeout: 30_000 });
  if (page.url().endsWith('/start-work')) await page.getByRole('button', { name: 'Enter the Office' }).click();
  await page.waitForURL(/\/office$/, { timeout: 30_000 });

  await page.goto(`${base}/digest${process.env.DIGEST_DATE ? `?date=${process.env.DIGEST_DATE}` : ''}`);
  await page.getByTestId('digest-page').waitFor();
  await page.getByLabel('Summary').waitFor();
  await shot('digest', { fullPage: true });

  await page.goto(`${base}/office`);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Manage account' }).click();
  const reminders = page.getByRole('region', { name: 'Reminders' });
  await reminders.getByRole('switch').first().waitFor();
  await reminders.scrollIntoViewIfNeeded();
  await shot('profile-reminders');
  await page.close();
}
await browser.close();
