import { expect, test, type Page } from '@playwright/test';
import { ADA, BEN, CY, enterOffice, leaveOfficeAs, saveScreenshot, signIn } from './helpers';

test.beforeEach(async ({ request }) => {
  for (const user of [ADA, BEN, CY]) await leaveOfficeAs(request, user);
});

test.afterEach(async ({ request }) => {
  for (const user of [ADA, BEN, CY]) await leaveOfficeAs(request, user);
});

async function openPresence(page: Page) {
  await page.getByTestId('presence-button').click();
  await expect(page.getByTestId('presence-popover')).toBeVisible();
}

async function closePresence(page: Page) {
  await page.getByTestId('presence-button').click();
  await expect(page.getByTestId('presence-popover')).toBeHidden();
}

/** 'Xh YYm' or 'Nm' (the app's duration format) in minutes. */
function minutesOf(text: string): number {
  const match = /^(?:(\d+)h )?(\d+)m$/.exec(text.trim());
  if (!match) throw new Error(`not a duration: ${text}`);
  return Number(match[1] ?? 0) * 60 + Number(match[2]);
}

const duration = (minutes: number) =>
  minutes < 60 ? `${minutes}m` : `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;

test('work and break: the toggle and the popover follow, a minute at a time', async ({ page }) => {
  // A controllable clock: the counters tick on timers, the server keeps real time. The demo may
  // give Cy a finished session earlier today: the counters start from the server's figures.
  await page.clock.install();
  await enterOffice(page, CY);
  await expect(page.getByTestId('status-tag')).toHaveText('Working');
  await openPresence(page);
  const workedBefore = minutesOf(await page.getByTestId('presence-work').innerText());
  const breakBefore = minutesOf(await page.getByTestId('presence-break').innerText());
  await saveScreenshot(page, 'presence-popover');

  await page.clock.runFor('01:01');
  await expect(page.getByTestId('presence-work')).toHaveText(duration(workedBefore + 1));
  await expect(page.getByTestId('presence-break')).toHaveText(duration(breakBefore));
  await closePresence(page);

  await page.getByTestId('status-toggle').getByText('On a break').click();
  await expect(page.getByTestId('status-tag')).toHaveText('On a break');
  // Back on the server's numbers (seconds of work so far), then only the break counter runs.
  await openPresence(page);
  await expect(page.getByTestId('presence-work')).toHaveText(duration(workedBefore));
  await page.clock.runFor('02:01');
  await expect(page.getByTestId('presence-break')).toHaveText(duration(breakBefore + 2));
  await expect(page.getByTestId('presence-work')).toHaveText(duration(workedBefore));
  await expect(page.getByTestId('toggle-break-duration')).toHaveText('2m');
  await closePresence(page);

  await page.getByTestId('status-toggle').getByText('Working').click();
  await expect(page.getByTestId('status-tag')).toHaveText('Working');
  await page.reload();
  await expect(page.getByTestId('status-tag')).toHaveText('Working');
});

test('leaving the office goes through the checkout: checks first, then Leave anyway, then /start-work', async ({ page }) => {
  await enterOffice(page, CY);
  await openPresence(page);
  await page.getByRole('button', { name: 'Leave the office' }).click();
  const checkout = page.getByTestId('checkout-panel');
  await expect(checkout).toHaveAttribute('data-mode', 'leave_the_office');
  await page.keyboard.press('Escape'); // closing the checkout keeps the user in the office
  await expect(checkout).toBeHidden();
  await expect(page).toHaveURL(/\/office$/);
  // The popover closed when the checkout opened: wait until it is gone before opening it again
  // (a click on the presence button while it is still leaving would toggle it the wrong way).
  await expect(page.getByTestId('presence-popover')).toBeHidden();

  await openPresence(page);
  await page.getByRole('button', { name: 'Leave the office' }).click();
  await expect(checkout).toBeVisible();
  await checkout.getByTestId('checkout-leave').click();
  await expect(checkout.getByRole('alert').filter({ hasText: 'Activity Details for some tasks are missing.' }).first()).toBeVisible();
  await expect(checkout.getByTestId('checkout-leave')).toHaveText('Leave anyway');
  await expect(page).toHaveURL(/\/office$/);
  await checkout.getByTestId('checkout-leave').click();
  await expect(page).toHaveURL(/\/start-work$/);
  await expect(page.getByRole('button', { name: 'Enter the Office' })).toBeVisible();
});

test('a second device of the same user and a teammate\'s strip follow live', async ({ browser }) => {
  test.setTimeout(90_000); // three browsers signing in
  const adaContext = await browser.newContext();
  const benContext = await browser.newContext();
  const benSecondContext = await browser.newContext();
  try {
    const ada = await adaContext.newPage();
    const ben = await benContext.newPage();
    const benSecond = await benSecondContext.newPage();
    await enterOffice(ada, ADA);
    const benOnAdasStrip = ada.getByRole('button', { name: /^Ben: / });
    await expect(benOnAdasStrip).toHaveAttribute('data-status', 'out_of_office');

    await signIn(benSecond, BEN.email, BEN.password);
    await expect(benSecond).toHaveURL(/\/start-work$/);
    await enterOffice(ben, BEN);
    await expect(benSecond).toHaveURL(/\/office$/, { timeout: 10_000 });
    await expect(benOnAdasStrip).toHaveAttribute('data-status', 'working', { timeout: 10_000 });

    await ben.getByTestId('status-toggle').getByText('On a break').click();
    await expect(ben.getByTestId('status-tag')).toHaveText('On a break');
    await expect(benSecond.getByTestId('status-tag')).toHaveText('On a break', { timeout: 10_000 });
    await expect(benOnAdasStrip).toHaveAttribute('data-status', 'taking_break', { timeout: 10_000 });

    await benOnAdasStrip.click();
    const card = ada.getByTestId('teammate-card');
    await expect(card.getByText('Ben Okafor')).toBeVisible();
    // The e2e server makes a member idle after 20 s without activity (Makefile), and on a loaded
    // machine this test can run that long past Ben's last reported activity: the card may then add
    // '· idle 0m' (CI, 30 November; the idle case has its own test below). This test follows the
    // status.
    await expect(card.getByTestId('teammate-status')).toHaveText(/^On a break( · idle \d+m)?$/);
    await expect(card.getByText('Local time')).toBeVisible();
    await saveScreenshot(ada, 'teammate-popover');
  } finally {
    await adaContext.close();
    await benContext.close();
    await benSecondContext.close();
  }
});

test('the strip orders you first, then pinned teammates; pins are kept on the server', async ({ page }) => {
  await enterOffice(page, ADA);
  const strip = page.getByTestId('teammates-strip');
  await expect(strip.getByRole('button')).toHaveCount(3);
  await expect(strip.getByRole('button').first()).toHaveAccessibleName(/^Ada: Working$/);
  // Out of the office, Ben and Cy follow by display name.
  await expect(strip.getByRole('button').nth(1)).toHaveAccessibleName(/^Ben: /);

  await strip.getByRole('button', { name: /^Cy: / }).click();
  // The strip reorders at once; the reload must wait for the server to have the pin.
  const pinned = page.waitForResponse((answer) => /\/teammates\/\d+\/pin\/$/.test(answer.url()) && answer.request().method() === 'POST');
  await page.getByTestId('teammate-card').getByRole('button', { name: 'Pin' }).click();
  await expect(strip.getByRole('button').nth(1)).toHaveAccessibleName(/^Cy: /);
  expect((await pinned).status()).toBe(201);
  await page.reload();
  await expect(page.getByTestId('teammates-strip').getByRole('button').nth(1)).toHaveAccessibleName(/^Cy: /);
  await saveScreenshot(page, 'office-page');

  await page.getByTestId('teammates-strip').getByRole('button', { name: /^Cy: / }).click();
  await page.getByTestId('teammate-card').getByRole('button', { name: 'Unpin' }).click();
  await expect(page.getByTestId('teammates-strip').getByRole('button').nth(1)).toHaveAccessibleName(/^Ben: /);
});

const PRESENCE_SHOTS = '../docs/screenshots/issue32-presence';

/** The page at 1440 px and at 390 px wide, for docs/screenshots (docs/presence.md). */
async function shootBothWidths(page: Page, name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    // the side menu folds away with an animation at phone width: shoot once it has
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${PRESENCE_SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}


// Real presence (docs/presence.md). The e2e server runs it in seconds (Makefile, E2E_PRESENCE): a
// heartbeat a second, idle after 20 s without activity, 'last seen' 10 s after that. The shift
// guardian is off in the demo workspace here (e2e/globalSetup.ts); guardian.spec.ts plays this
// story on to 'Still working?'.
test("Ben closes his only tab while working: Ada's strip shows him idle, then 'last seen'; a new tab makes him present again", async ({ browser }) => {
  test.setTimeout(120_000);
  const adaContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const benContext = await browser.newContext();
  try {
    const ada = await adaContext.newPage();
    const ben = await benContext.newPage();
    await enterOffice(ada, ADA);
    await enterOffice(ben, BEN);
    const benOnAdasStrip = ada.getByRole('button', { name: /^Ben: / });
    // Ben's tab beats while he uses it (a headless page nobody touches goes idle like any other):
    // he is there, 'Working'
    await expect(async () => {
      await ben.mouse.move(10 + Math.random() * 200, 10 + Math.random() * 200);
      await expect(benOnAdasStrip).toHaveAttribute('data-presence', 'active', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(benOnAdasStrip).toHaveAccessibleName('Ben: Working');
    await expect(benOnAdasStrip).toHaveAttribute('data-status', 'working');

    await benContext.close(); // his only tab: no more heartbeats

    await expect(benOnAdasStrip).toHaveAttribute('data-presence', 'idle', { timeout: 30_000 });
    await expect(benOnAdasStrip).toHaveAccessibleName(/^Ben: Working · idle \d+m$/);
    await benOnAdasStrip.click();
    await expect(ada.getByTestId('teammate-card').getByTestId('teammate-status')).toHaveText(/^Working · idle \d+m$/);
    await shootBothWidths(ada, 'ben-idle');
    await ada.keyboard.press('Escape');

    await expect(benOnAdasStrip).toHaveAttribute('data-presence', 'away', { timeout: 30_000 });
    await expect(benOnAdasStrip).toHaveAccessibleName(/^Ben: Last seen (a few seconds|\d+m) ago$/);
    await expect(benOnAdasStrip).toHaveAttribute('data-status', 'working'); // his shift is untouched
    await benOnAdasStrip.click();
    await expect(ada.getByTestId('teammate-card').getByTestId('teammate-status')).toHaveText(/^Last seen /);
    await shootBothWidths(ada, 'ben-last-seen');
    await ada.keyboard.press('Escape');

    // A new tab: present again at its first heartbeat.
    const benAgainContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const benAgain = await benAgainContext.newPage();
      await signIn(benAgain, BEN.email, BEN.password);
      await expect(benAgain).toHaveURL(/\/office$/);
      await expect(benOnAdasStrip).toHaveAttribute('data-presence', 'active', { timeout: 15_000 });
      await expect(benOnAdasStrip).toHaveAccessibleName('Ben: Working');
    } finally {
      await benAgainContext.close();
    }
  } finally {
    await adaContext.close();
    await benContext.close().catch(() => undefined);
  }
});
