import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ADA, BEN, CY, enterOffice, leaveOfficeAs, setGuardianPolicy, signIn } from './helpers';

// The shift guardian (issue 32, docs/guardian.md) in the browser. The e2e server runs it in seconds
// (Makefile, E2E_PRESENCE): 'Still working?' after 40 s without activity, an answer within 10
// minutes (longer than this spec waits); real presence as in presence.spec.ts (idle after 20 s,
// 'last seen' 10 s later). The demo workspace's guardian is off for every other spec
// (e2e/globalSetup.ts): Ada turns it on here, and off again at the end whatever happened, which
// withdraws any question it asked meanwhile (a member another spec left in the office).

const MAIL_DIR = process.env.E2E_MAIL_DIR ?? '';

/** The 'Still working?' emails to `address` the server's file backend wrote, oldest first. */
function stillWorkingMails(address: string): string[] {
  let files: string[] = [];
  try {
    files = readdirSync(MAIL_DIR).sort();
  } catch {
    return [];
  }
  return files
    .flatMap((name) => readFileSync(join(MAIL_DIR, name), 'utf8').split(/^-{79}$/m))
    .filter((mail) => mail.includes(`To: ${address}`) && /^Subject: Still working\?$/m.test(mail));
}

/** Ada is at her desk: a mouse move is activity, so she is never the one asked. */
async function adaIsThere(ada: Page) {
  await ada.mouse.move(10 + Math.random() * 200, 10 + Math.random() * 200);
}

test.beforeAll(async ({ request }) => {
  for (const user of [ADA, BEN, CY]) await leaveOfficeAs(request, user);
  await setGuardianPolicy(request, 'propose');
});

test.afterAll(async ({ request }) => {
  await setGuardianPolicy(request, 'off');
  for (const user of [ADA, BEN, CY]) await leaveOfficeAs(request, user);
});

test("Ben closes his only tab while working; Ada's strip shows him idle, then 'last seen'; back, 'Still working?' and 'No, end at my last activity' ends the shift there", async ({ browser }) => {
  test.skip(!MAIL_DIR, 'E2E_MAIL_DIR is set by make e2e');
  test.setTimeout(180_000);
  const adaContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const benContext = await browser.newContext();
  const mailsBefore = stillWorkingMails(BEN.email).length;
  try {
    const ada = await adaContext.newPage();
    const ben = await benContext.newPage();
    await enterOffice(ada, ADA);
    await enterOffice(ben, BEN);
    const benOnAdasStrip = ada.getByRole('button', { name: /^Ben: / });
    // Ben works: his tab beats while he uses it.
    await expect(async () => {
      await adaIsThere(ada);
      await ben.mouse.move(10 + Math.random() * 200, 10 + Math.random() * 200);
      await expect(benOnAdasStrip).toHaveAttribute('data-presence', 'active', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(benOnAdasStrip).toHaveAccessibleName('Ben: Working');

    await benContext.close(); // his only tab: no more heartbeats, his shift runs on

    await expect(async () => {
      await adaIsThere(ada);
      await expect(benOnAdasStrip).toHaveAttribute('data-presence', 'idle', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(benOnAdasStrip).toHaveAccessibleName(/^Ben: Working · idle \d+m$/);
    await expect(async () => {
      await adaIsThere(ada);
      await expect(benOnAdasStrip).toHaveAttribute('data-presence', 'away', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(benOnAdasStrip).toHaveAccessibleName(/^Ben: Last seen (a few seconds|\d+m) ago$/);
    await expect(benOnAdasStrip).toHaveAttribute('data-status', 'working'); // nothing ended yet

    // Working, no activity on any device: the guardian asks him, in the product and by email.
    await expect
      .poll(
        async () => {
          await adaIsThere(ada);
          return stillWorkingMails(BEN.email).length;
        },
        { timeout: 30_000 },
      )
      .toBe(mailsBefore + 1);
    const mail = stillWorkingMails(BEN.email).at(-1) as string;
    expect(mail).toMatch(/Still working\? No activity on any of your devices since \d\d:\d\d\./);
    const since = /since (\d\d:\d\d)\./.exec(mail)?.[1] as string;

    // He comes back: a new tab, signed in again, and the question is in front of him.
    const benAgainContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const benAgain = await benAgainContext.newPage();
      await signIn(benAgain, BEN.email, BEN.password);
      await expect(benAgain).toHaveURL(/\/office$/);
      const dialog = benAgain.getByRole('dialog', { name: 'Still working?' });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(/No activity on any of your devices since \d{1,2}:\d\d/);
      await expect(benOnAdasStrip).toHaveAttribute('data-presence', 'active', { timeout: 15_000 });

      await dialog.getByRole('button', { name: 'No, end at my last activity' }).click();
      await expect(dialog).toBeHidden();
      await expect(benAgain.getByText(/^Your shift ended at \d{1,2}:\d\d( [AP]M)?, your last activity\.$/)).toBeVisible();
      await expect(benAgain).toHaveURL(/\/start-work$/);
      await adaIsThere(ada);
      await expect(benOnAdasStrip).toHaveAttribute('data-status', 'out_of_office', { timeout: 10_000 });
    } finally {
      await benAgainContext.close();
    }

    // Ended there, not now: Ada (who answers for Ben) reads the automatic end and its reason in
    // Ben's edit history (History, member Ben).
    await ada.goto('/history');
    await expect(ada.getByRole('heading', { name: 'History', level: 1 })).toBeVisible();
    await ada.getByRole('combobox', { name: 'Members' }).click();
    await ada.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^Ben/ }).click();
    await ada.keyboard.press('Escape');
    const latest = ada.getByRole('region', { name: 'Edit history' }).getByTestId('change-log-entry').first();
    await expect(latest).toContainText(`automatic: no activity since ${since}`);
    await expect(latest).toContainText(/^Ben\b/);
  } finally {
    await adaContext.close();
    await benContext.close().catch(() => undefined);
  }
});
