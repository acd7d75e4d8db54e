import { expect, test, type APIRequestContext, type Page, type WebSocketRoute } from '@playwright/test';
import { ADA, BEN, apiToken, enterOffice, leaveOfficeAs, saveScreenshot } from './helpers';

test.beforeEach(async ({ request }) => {
  for (const user of [ADA, BEN]) await leaveOfficeAs(request, user);
});

test.afterEach(async ({ request }) => {
  for (const user of [ADA, BEN]) await leaveOfficeAs(request, user);
});

const TEAMMATES = /\/api\/accounts\/teammates\/$/;

async function userId(request: APIRequestContext, user: { email: string; password: string }): Promise<number> {
  const token = await apiToken(request, user);
  const me = await request.get('/api/accounts/me/', { headers: { Authorization: `Token ${token}` } });
  return ((await me.json()) as { id: number }).id;
}

/** Counts the page's reads of the teammates strip from now on. */
function countStripReads(page: Page): { count: () => number } {
  let reads = 0;
  page.on('request', (request) => {
    if (TEAMMATES.test(new URL(request.url()).pathname) && request.method() === 'GET') reads += 1;
  });
  return { count: () => reads };
}

test.describe.configure({ timeout: 90_000 }); // two browsers on a shared CI machine

test('Ben takes a break: Ada\'s strip shows it without reading the teammates strip again', async ({ browser, request }) => {
  const benId = await userId(request, BEN);
  const adaContext = await browser.newContext();
  const benContext = await browser.newContext();
  try {
    const ada = await adaContext.newPage();
    const ben = await benContext.newPage();
    await enterOffice(ben, BEN);
    await enterOffice(ada, ADA);
    const benInAdasStrip = ada.getByTestId(`teammate-${benId}`);
    await expect(benInAdasStrip).toHaveAttribute('data-status', 'working');
    // Ada's strip is shown and her socket is open (the strip would not hear Ben otherwise).
    await ada.waitForLoadState('networkidle');
    const reads = countStripReads(ada);

    await ben.getByTestId('status-toggle').getByText('On a break').click();
    await expect(ben.getByTestId('status-tag')).toHaveText('On a break');
    await expect(benInAdasStrip).toHaveAttribute('data-status', 'taking_break');
    await expect(benInAdasStrip).toHaveAccessibleName(/On a break$/);

    for (const width of [1440, 390]) {
      await ada.setViewportSize({ width, height: 900 });
      await saveScreenshot(ada, `live-patch-strip-${width}`);
    }

    await ben.getByTestId('status-toggle').getByText('Working').click();
    await expect(benInAdasStrip).toHaveAttribute('data-status', 'working');
    expect(reads.count()).toBe(0);
  } finally {
    await adaContext.close();
    await benContext.close();
  }
});

test('a cut socket: what changed meanwhile shows after the reconnect', async ({ browser, request }) => {
  const benId = await userId(request, BEN);
  const adaContext = await browser.newContext();
  const benContext = await browser.newContext();
  // Ada's socket goes through the test, which can cut it; a cut one stays down until allowed.
  let live: WebSocketRoute | null = null;
  let allowed = true;
  await adaContext.routeWebSocket(/\/ws\/work\/user_status\/$/, (socket) => {
    if (!allowed) {
      void socket.close({ code: 1011 });
      return;
    }
    live = socket;
    socket.connectToServer();
  });
  try {
    const ada = await adaContext.newPage();
    const ben = await benContext.newPage();
    await enterOffice(ben, BEN);
    await enterOffice(ada, ADA);
    const benInAdasStrip = ada.getByTestId(`teammate-${benId}`);
    await expect(benInAdasStrip).toHaveAttribute('data-status', 'working');
    await expect.poll(() => live !== null).toBe(true);

    allowed = false;
    await live!.close({ code: 1011 });
    await ben.getByTestId('status-toggle').getByText('On a break').click();
    await expect(ben.getByTestId('status-tag')).toHaveText('On a break');
    // The event went out while Ada's socket was down: her strip cannot know.
    await expect(benInAdasStrip).toHaveAttribute('data-status', 'working');

    const reread = ada.waitForResponse((response) => TEAMMATES.test(new URL(response.url()).pathname));
    allowed = true; // the next reconnect (back-off) gets through and resyncs
    await reread;
    await expect(benInAdasStrip).toHaveAttribute('data-status', 'taking_break');
    // and the strip is the server's, row for row
    const token = await apiToken(request, ADA);
    const server = (await (await request.get('/api/accounts/teammates/', { headers: { Authorization: `Token ${token}` } })).json()) as { user: number; status: string }[];
    for (const row of server) await expect(ada.getByTestId(`teammate-${row.user}`)).toHaveAttribute('data-status', row.status);
  } finally {
    await adaContext.close();
    await benContext.close();
  }
});
