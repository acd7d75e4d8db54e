// Issue 32's morning digest and reminder switches at 1440 and 390 px (docs/screenshots/issue32-digest/):
//   node e2e/screenshots-issue32.mjs <baseUrl> [width]   (both 1440 and 390 without a width)
// Signs in as Ada (the demo: an admin observing Ben and Cy).
import { base, launch, shooter, signInToOffice, viewportOf, widths } from './screenshotKit.mjs';

const out = '../docs/screenshots/issue32-digest';
const browser = await launch();

for (const width of widths) {
  const page = await browser.newPage({ viewport: viewportOf(width) });
  const shoot = shooter(out, width);
  const shot = (name, options) => shoot(page, name, options);
  await signInToOffice(page, 'ada@example.com');

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
