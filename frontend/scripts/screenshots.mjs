// Screenshots of the office, a list and the Today page at 1440x900 and 390x844, signed in as Ada
// on the demo data: `node scripts/screenshots.mjs <base url> <output dir>` (docs/screenshots/issue9).
import { chromium } from '@playwright/test';

const [base = 'http://127.0.0.1:8000', out = '../docs/screenshots/issue9/after'] = process.argv.slice(2);
const sizes = [
  { name: '1440', viewport: { width: 1440, height: 900 } },
  { name: '390', viewport: { width: 390, height: 844 } },
];

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  for (const { name, viewport } of sizes) {
    const context = await browser.newContext({ viewport, baseURL: base });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByPlaceholder('Password 8+ characters').fill('remote-2026');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/\/(start-work|office)$/);
    if (page.url().endsWith('/start-work')) {
      await page.getByRole('button', { name: 'Enter the Office' }).click();
      await page.waitForURL(/\/office$/);
    }
    await page.getByTestId('teammates-strip').waitFor();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${out}/office-${name}.png` });
    const listHref = await page.evaluate(() => {
      const link = [...document.querySelectorAll('a[href^="/l/"]')][0];
      return link ? link.getAttribute('href') : null;
    });
    if (listHref) {
      await page.goto(listHref);
      await page.getByTestId('section-title').first().waitFor();
      await page.waitForTimeout(800);
      await page.screenshot({ path: `${out}/list-${name}.png` });
    }
    await page.goto('/today');
    await page.getByTestId('project-card').first().waitFor();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${out}/today-${name}.png` });
    await context.close();
  }
} finally {
  await browser.close();
}
