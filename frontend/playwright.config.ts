import { defineConfig } from '@playwright/test';

// Browsers are never downloaded here: Debian's chromium is launched directly.
export default defineConfig({
  testDir: './e2e',
  // The demo workspace's shift guardian is off for every spec but its own (e2e/globalSetup.ts).
  globalSetup: './e2e/globalSetup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  outputDir: 'e2e-artifacts',
  reporter: [['list']],
  // Assertions wait up to 10 s (Playwright's default is 5 s): sign-in to the office on a CI machine
  // that builds and tests other things at the same time took longer than 5 s now and then.
  expect: { timeout: 10_000 },
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8000',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    browserName: 'chromium',
    // The SPA's offline shell (a service worker, docs/offline.md) is tested by offline.spec.ts, which
    // allows it; elsewhere every page load goes to the server, as each spec expects.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
