// The command palette's first results after typing (issue 31), in headless Debian Chromium.
//
//   node bench/search/palette.mjs --base http://127.0.0.1:8027 --runs 20 --out bench/.out/palette.json
//
// Needs a running server with the built SPA and the demo data (`python -m bench.search.palette`
// starts one). Ben opens /office, then `warmup` + `runs` times (the first `warmup` not kept): Control+K, types a three-letter query (one of
// QUERIES in turn, 40 ms between keys, as a quick typist), waits for a found thing, Escape. The page
// itself times (performance.now) from the last key's keydown to the first frame showing a row of
// the palette (any: commands match locally) and to the first frame showing a found thing (a row
// from GET /api/projects/search/), and reads that request's start and end from Resource Timing.
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '..', '..');
const { chromium } = createRequire(join(repo, 'frontend', 'package.json'))('playwright-core');

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const base = option('--base', 'http://127.0.0.1:8027');
const runs = Number(option('--runs', '20'));
const warmup = Number(option('--warmup', '2'));
const out = option('--out', join(repo, 'bench', '.out', 'palette.json'));
const BEN = { email: 'ben@example.com', password: 'remote-2026' };
// Each finds something Ben may open in the demo data (apps/demo/projects.py).
const QUERIES = ['pag', 'mob', 'ref', 'off', 'cms'];
if (!['127.0.0.1', 'localhost', '[::1]'].includes(new URL(base).hostname)) {
  throw new Error('benchmarks only target this machine (loopback)');
}

async function api(path, { token, method = 'GET', body } = {}) {
  const headers = { 'Content-Type': 'application/json', ...(token ? { Authorization: `Token ${token}` } : {}) };
  const answer = await fetch(base + path, { method, headers, body: body ? JSON.stringify(body) : undefined });
  if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
  return answer.status === 204 ? null : answer.json();
}

// In the page: the last key typed into the palette, then the first frame with a row and the first
// frame with a found thing (a MutationObserver notes the change, requestAnimationFrame the frame).
const probe = `
window.__palette = { key: 0, row: 0, thing: 0 };
document.addEventListener('keydown', (event) => {
  if (event.target?.dataset?.testid !== 'palette-input' || event.key.length !== 1) return;
  window.__palette = { key: performance.now(), row: 0, thing: 0 };
}, true);
new MutationObserver(() => {
  const p = window.__palette;
  if (!p.key || (p.row && p.thing)) return;
  const list = document.querySelector('[data-testid="palette-list"]');
  const row = !p.row && list?.querySelector('[data-testid="palette-item"]');
  const thing = !p.thing && list?.querySelector('[data-testid="palette-item"] .palette__kind');
  if (row || thing) requestAnimationFrame(() => {
    const now = performance.now();
    if (row && !p.row) p.row = now;
    if (thing && !p.thing) p.thing = now;
  });
}).observe(document, { childList: true, subtree: true, characterData: true });
`;

const { token } = await api('/api/accounts/token/', { method: 'POST', body: BEN });
await api('/api/work/create_log_user_status/', { token, method: 'POST', body: { status_enum_identifier: 'working' } });

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const samples = [];
try {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(probe);
  await page.goto('/');
  await page.evaluate(({ key, email }) => {
    localStorage.setItem('token', key);
    localStorage.setItem('email', email);
  }, { key: token, email: BEN.email });
  await page.goto('/office');
  await page.getByTestId('teammates-strip').waitFor({ timeout: 30_000 });
  await page.waitForTimeout(1000); // the office's own first reads settle
  const input = page.getByTestId('palette-input');
  for (let i = -warmup; i < runs; i += 1) {
    const query = QUERIES[(i + warmup) % QUERIES.length];
    await page.keyboard.press('Control+K');
    await input.waitFor();
    await page.evaluate(() => performance.clearResourceTimings());
    await input.pressSequentially(query, { delay: 40 });
    await page.waitForFunction(() => window.__palette.thing > 0 && window.__palette.row > 0, undefined, { timeout: 10_000 });
    const sample = await page.evaluate((q) => {
      const p = window.__palette;
      const request = performance
        .getEntriesByType('resource')
        .filter((r) => r.name.includes('/api/projects/search/') && new URL(r.name).searchParams.get('q') === q)
        .pop();
      return {
        query: q,
        row_ms: p.row - p.key,
        thing_ms: p.thing - p.key,
        request_start_ms: request ? request.startTime - p.key : null,
        request_ms: request ? request.responseEnd - request.startTime : null,
      };
    }, query);
    if (i >= 0) samples.push(sample);
    await page.keyboard.press('Escape');
    await input.waitFor({ state: 'detached' });
    await page.waitForTimeout(300);
  }
  await context.close();
} finally {
  await browser.close();
}
writeFileSync(out, JSON.stringify({ runs, queries: QUERIES, samples }, null, 2));
