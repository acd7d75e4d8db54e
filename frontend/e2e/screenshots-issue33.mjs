// Issue 33's pending week-grid cell and issue 32's guardian switch at 1440 and 390 px
// (docs/screenshots/issue33-offline/, docs/screenshots/issue32-guardian/):
//   node e2e/screenshots-issue33.mjs <baseUrl> [width]   (both 1440 and 390 without a width)
// Cy types a cell of History's week grid with the network off (the cell and the header say pending;
// nothing is sent), then the network comes back and the outbox sends it; Ada opens Workspace >
// Defaults. Everything is done by keyboard where a person would.
import { base, launch, shooter, signInToOffice, viewportOf, widths } from './screenshotKit.mjs';

const browser = await launch();

for (const width of widths) {
  const context = await browser.newContext({ viewport: viewportOf(width) });
  const page = await context.newPage();
  await signInToOffice(page, 'cy@example.com');
  await page.goto(`${base}/history`);
  const grid = page.getByTestId('week-grid');
  const table = grid.getByRole('table', { name: 'Time on tasks by day' });
  await table.waitFor();
  const cell = table.locator('input:not([disabled])').first();
  await cell.waitFor();
  const before = await cell.inputValue();
  await context.setOffline(true);
  const typed = before === '45m' ? '0:50' : '0:45'; // a change, whatever an earlier run left
  await cell.fill('');
  await cell.pressSequentially(typed);
  await cell.press('Enter');
  await grid.getByText(/Pending – will be sent when you are back online: 1 change of this week\./).waitFor();
  await cell.scrollIntoViewIfNeeded();
  await shooter('../docs/screenshots/issue33-offline', width)(page, 'week-grid-pending');
  await context.setOffline(false);
  await page.getByTestId('outbox-indicator').waitFor({ state: 'detached', timeout: 30_000 });
  // Back to what the demo had.
  await cell.fill('');
  await cell.pressSequentially(before || '0');
  await cell.press('Enter');
  await context.close();

  const adaContext = await browser.newContext({ viewport: viewportOf(width) });
  const ada = await adaContext.newPage();
  await signInToOffice(ada, 'ada@example.com');
  await ada.goto(`${base}/workspace`);
  const defaults = ada.getByRole('region', { name: 'Defaults' });
  await defaults.getByRole('switch', { name: "Ask 'Still working?'" }).focus();
  await defaults.scrollIntoViewIfNeeded();
  await shooter('../docs/screenshots/issue32-guardian', width)(ada, 'guardian-setting');
  await adaContext.close();
}
await browser.close();
