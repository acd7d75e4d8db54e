// The offline replay (issue 33): Ben in headless Debian Chromium switches Working / On a break with
// no network, reloads (the service worker's offline shell), comes back online; then his status
// records are read through the API: applied once each, in the order clicked, dated when clicked.
//
//   node bench/offline/browser.mjs --base http://127.0.0.1:8025 --writes 20 --offline-seconds 300 --out bench/.out/offline.json
//
// Needs a running server with the built SPA and the demo data (`python -m bench.offline` starts one).
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '..', '..');
const { chromium } = createRequire(join(repo, 'frontend', 'package.json'))('playwright-core');

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const base = option('--base', 'http://127.0.0.1:8025');
const writes = Number(option('--writes', '20'));
const offlineMs = Number(option('--offline-seconds', '300')) * 1000;
const out = option('--out', join(repo, 'bench', '.out', 'offline.json'));
const BEN = { email: 'ben@example.com', password: 'remote-2026' };
const SLACK_MS = 120_000; // the server takes a click this close to its clock as now (docs/offline.md)

async function api(path, { token, method = 'GET', body } = {}) {
  const headers = { 'Content-Type': 'application/json', ...(token ? { Authorization: `Token ${token}` } : {}) };
  const answer = await fetch(base + path, { method, headers, body: body ? JSON.stringify(body) : undefined });
  if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
  return answer.status === 204 ? null : answer.json();
}

const { token } = await api('/api/accounts/token/', { method: 'POST', body: BEN });
await api('/api/work/checkout/leave_office/', { token, method: 'POST', body: { leave_anyway: true } });
await api('/api/work/create_log_user_status/', { token, method: 'POST', body: { status_enum_identifier: 'working' } });
const history = () => api('/api/work/status_history/', { token });
const known = new Set((await history()).map((row) => row.id));

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 }, serviceWorkers: 'allow' });
  const page = await context.newPage();
  await page.goto('/');
  await page.evaluate(({ key, email }) => {
    localStorage.setItem('token', key);
    localStorage.setItem('email', email);
  }, { key: token, email: BEN.email });
  await page.goto('/today');
  await page.getByTestId('status-tag').waitFor();
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 60_000 });

  await context.setOffline(true);
  const clicks = [];
  for (let i = 0; i < writes; i += 1) {
    const status = i % 2 === 0 ? 'taking_break' : 'working';
    await page.getByTestId('status-toggle').getByText(status === 'taking_break' ? 'On a break' : 'Working', { exact: true }).click();
    clicks.push({ status, at: Date.now() });
    await page.waitForTimeout(offlineMs / writes);
  }
  await page.reload();
  await page.getByTestId('outbox-indicator').filter({ hasText: `${writes} pending` }).waitFor({ timeout: 30_000 });

  const online = Date.now();
  await context.setOffline(false);
  let fresh = [];
  let allApplied = null;
  let listEmpty = null;
  while (Date.now() - online < 120_000 && (allApplied === null || listEmpty === null)) {
    if (allApplied === null) {
      fresh = (await history()).filter((row) => !known.has(row.id));
      if (fresh.length >= writes) allApplied = Date.now() - online;
    }
    if (listEmpty === null && (await page.getByTestId('outbox-indicator').count()) === 0) listEmpty = Date.now() - online;
    await new Promise((done) => setTimeout(done, 100));
  }
  await page.waitForTimeout(3000); // a late duplicate would show up here
  fresh = (await history()).filter((row) => !known.has(row.id)).sort((a, b) => a.start_datetime.localeCompare(b.start_datetime));
  const statuses = fresh.map((row) => row.status_enum_identifier);
  const older = clicks.filter((click) => online - click.at > SLACK_MS);
  const dated = clicks.filter(
    (click, i) => online - click.at > SLACK_MS && fresh[i] !== undefined && Math.abs(Date.parse(fresh[i].start_datetime) - click.at) < 1500,
  );
  const result = {
    writes,
    applied: Math.min(fresh.length, writes),
    duplicates: Math.max(0, fresh.length - writes),
    in_order: JSON.stringify(statuses) === JSON.stringify(clicks.map((click) => click.status)),
    all_applied_ms: allApplied ?? NaN,
    list_empty_ms: listEmpty ?? NaN,
    older_than_slack: older.length,
    dated_as_clicked: dated.length,
  };
  writeFileSync(out, JSON.stringify(result, null, 2));
  await context.close();
} finally {
  await browser.close();
}
