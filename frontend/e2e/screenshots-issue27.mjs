// The working-time account's screens (issue 27) in Chromium at 1440 and 390 px
// (docs/screenshots/issue27/):
//   node e2e/screenshots-issue27.mjs <baseUrl> [width]   (both 1440 and 390 without a width)
// Ben: the office line and History (last 30 days: the holiday, his afternoon off); Ada: the team
// page, Ben's member account panel and the Workspace panel's Working time.
import { base, launch, settle, shooter, signInToOffice, viewportOf, widths } from './screenshotKit.mjs';

const out = '../docs/screenshots/issue27';
const browser = await launch();

for (const width of widths) {
  const viewport = viewportOf(width);
  const shot = shooter(out, width);

  // Ben: the office line (fetched a moment after the office renders), then History.
  const ben = await (await browser.newContext({ viewport })).newPage();
  await signInToOffice(ben, 'ben@example.com');
  await ben.getByTestId('time-account-line').waitFor({ timeout: 30_000 });
  await shot(ben, 'ben-office');
  await ben.goto(`${base}/history`);
  await ben.getByRole('combobox', { name: 'Date range preset' }).click();
  await ben.locator('.ant-select-item-option:visible', { hasText: 'Last 30 days' }).click();
  await ben.getByTestId('history-time-off').first().waitFor({ timeout: 30_000 });
  await shot(ben, 'ben-history', { fullPage: true });
  await ben.context().close();

  // Ada: the team page, Ben's account panel, the Workspace panel's Working time.
  const ada = await (await browser.newContext({ viewport })).newPage();
  await signInToOffice(ada, 'ada@example.com');
  await ada.getByTestId('time-account-line').waitFor({ timeout: 30_000 });
  await shot(ada, 'ada-office');
  await ada.goto(`${base}/team`);
  await settle(ada, 1500);
  await shot(ada, 'ada-team', { fullPage: true });
  await ada.goto(`${base}/members`);
  await ada.getByRole('button', { name: /Actions for Ben/ }).first().click();
  await ada.getByRole('menuitem', { name: 'Edit Account' }).click();
  const account = ada.getByTestId('member-time-account');
  await account.waitFor({ timeout: 30_000 });
  await settle(ada);
  await shot(ada, 'ada-member-account-top');
  await account.getByTestId('member-region').scrollIntoViewIfNeeded();
  await shot(ada, 'ada-member-account');
  await ada.goto(`${base}/workspace`);
  const working = ada.getByTestId('workspace-time-account');
  await working.waitFor({ timeout: 30_000 });
  await ada.getByRole('heading', { name: 'Working time' }).scrollIntoViewIfNeeded();
  await shot(ada, 'ada-workspace-working-time');
  await ada.getByTestId('balance-rules').scrollIntoViewIfNeeded();
  await shot(ada, 'ada-workspace-balance-rules');
  await ada.context().close();
}
await browser.close();
