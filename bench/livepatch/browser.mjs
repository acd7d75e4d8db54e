// The main thread of /office in the 500-member workspace, in headless Debian Chromium: how long
// opening the page blocks it, and how long a teammate's status change (the live patch) takes on it.
//
//   node bench/livepatch/browser.mjs --base http://127.0.0.1:8024 --viewer TOKEN --poster TOKEN [--loads 5] [--patches 6] [--profile]
//
// Needs a running server with the built SPA (`python -m bench.livepatch --browser` starts one on the
// bench's 500-member database). The viewer (member 2) enters the office, then loads /office `loads`
// times, each in a fresh browser context (cold cache, the session in localStorage); the poster
// (member 1) then switches working / taking_break `patches` times while the last page stays open.
//
// Opening: long tasks (PerformanceObserver 'longtask', buffered) from navigation start until the strip
// shows its rows and 1 s more: total blocking time (the sum of each task's time past 50 ms, as
// Lighthouse counts it), the sum of the long tasks, the longest one.
// A patch: the socket's message event starts it (a listener the page's socket gets first); a
// MessageChannel task posted from that listener runs once the event's task (the SPA's handler, the
// saga, the reducer and React's render and commit, which a store update outside a React event
// flushes in a microtask) is over; then a forced style and layout of the page measures the frame's
// own work. The patch's main-thread time is the two together. Long tasks during the patch are
// reported too (none expected).
// --profile: the last cold load also runs under Chromium's sampling profiler (CDP `Profiler`), from
// navigation until the strip shows and 1 s more, and prints where the main thread's time went: self
// time by function and by file (readable names need an unminified build: run.py --build --profile).
import { createRequire } from 'node:module';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '..', '..');
const { chromium } = createRequire(join(repo, 'frontend', 'package.json'))('playwright-core');

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const base = option('--base', 'http://127.0.0.1:8024');
const viewer = option('--viewer');
const poster = option('--poster');
const loads = Number(option('--loads', '5'));
const patches = Number(option('--patches', '6'));
const profiling = args.includes('--profile');
if (!viewer || !poster) throw new Error('--viewer and --poster tokens are needed');
if (!['127.0.0.1', 'localhost', '[::1]'].includes(new URL(base).hostname)) {
  throw new Error('benchmarks only target this machine (loopback)');
}

// The flags of shared/DESIGN.md ("Known pitfalls"), as the e2e tests and bench/bundle use them.
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

async function api(method, path, token, body) {
  const response = await fetch(new URL(path, base), {
    method,
    headers: { Authorization: `Token ${token}`, 'Content-Type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok && response.status !== 400) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? null : response.json();
}

// Runs in the page before its own scripts.
const probe = (posterId) => {
  const bench = { longtasks: [], strip: null, patches: [] };
  window.__bench = bench;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) bench.longtasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  new MutationObserver((_, observer) => {
    const strip = document.querySelector('[data-testid="teammates-strip"]');
    if (strip && strip.getBoundingClientRect().height > 0 && strip.querySelector('[data-testid^="teammate-"]')) {
      bench.strip = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
  // Every socket the page opens hears its messages here first.
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...socketArgs) {
      super(...socketArgs);
      this.addEventListener('message', (event) => {
        let data;
        try {
          data = JSON.parse(event.data);
        } catch {
          return;
        }
        if (data.event !== 'new_status' || data.meta?.user !== posterId) return;
        const start = performance.now();
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          const taskEnd = performance.now();
          document.body.getBoundingClientRect();
          void document.body.offsetHeight;
          const frameEnd = performance.now();
          const cell = document.querySelector(`[data-testid="teammate-${posterId}"]`);
          bench.patches.push({ start, script: taskEnd - start, layout: frameEnd - taskEnd, total: frameEnd - start, label: cell?.getAttribute('aria-label') ?? null });
        };
        channel.port2.postMessage(null);
      });
    }
  };
};

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : NaN;
};
const fmt = (value) => (Number.isNaN(value) ? '-' : value.toFixed(1));

const me = await api('GET', '/api/accounts/me/', viewer);
const posterMe = await api('GET', '/api/accounts/me/', poster);
// The viewer is in the office (its strip shows everyone; the first status is its own).
await api('POST', '/api/work/create_log_user_status/', viewer, { status_enum_identifier: 'working' });

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: FLAGS, headless: true });
const opened = [];
let patchRows = [];
let profile = null;
try {
  let tab;
  let context;
  for (let i = 0; i < loads; i += 1) {
    if (context) await context.close();
    context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
    tab = await context.newPage();
    await tab.addInitScript(([token, email]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('email', email);
    }, [viewer, me.email]);
    await tab.addInitScript(probe, posterMe.id);
    const cdp = profiling && i === loads - 1 ? await context.newCDPSession(tab) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await tab.goto('/office', { waitUntil: 'load' });
    await tab
      .getByTestId('teammates-strip')
      .locator('[data-testid^="teammate-"]')
      .first()
      .waitFor({ timeout: 60_000 })
      .catch(async (error) => {
        await tab.screenshot({ path: resolve(repo, 'bench', '.out', 'livepatch-browser-failure.png') });
        throw error;
      });
    await tab.waitForTimeout(1000);
    if (cdp) profile = (await cdp.send('Profiler.stop')).profile;
    const result = await tab.evaluate(() => {
      const { longtasks, strip } = window.__bench;
      const until = strip + 1000;
      const tasks = longtasks.filter((t) => t.start <= until);
      return {
        strip,
        tbt: tasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0),
        longtaskSum: tasks.reduce((sum, t) => sum + t.duration, 0),
        longest: Math.max(0, ...tasks.map((t) => t.duration)),
        count: tasks.length,
        cells: document.querySelectorAll('[data-testid^="teammate-"]').length,
      };
    });
    opened.push(result);
  }
  // The patches, on the last page load: the poster switches, the page applies the row.
  const statuses = ['working', 'taking_break'];
  const before = await tab.evaluate(() => window.__bench.longtasks.length);
  for (let i = 0; i < patches; i += 1) {
    await api('POST', '/api/work/create_log_user_status/', poster, { status_enum_identifier: statuses[i % 2] });
    await tab.waitForFunction((n) => window.__bench.patches.length >= n, i + 1, { timeout: 30_000 });
    await tab.waitForTimeout(700);
  }
  const after = await tab.evaluate((from) => ({ patches: window.__bench.patches, longtasks: window.__bench.longtasks.slice(from) }), before);
  patchRows = after.patches.map((p) => ({
    ...p,
    longest: Math.max(0, ...after.longtasks.filter((t) => t.start >= p.start - 1 && t.start <= p.start + 500).map((t) => t.duration)),
  }));
  await context.close();
} finally {
  await browser.close();
}

console.log(`\n/office in the 500-member workspace, headless Chromium, ${base}`);
console.log(`opening (${loads} cold loads): TBT = sum over long tasks of (duration - 50 ms), until the strip shows + 1 s`);
console.log(`${'load'.padStart(5)} ${'strip ms'.padStart(9)} ${'TBT ms'.padStart(8)} ${'long tasks ms'.padStart(14)} ${'longest'.padStart(8)} ${'tasks'.padStart(6)} ${'cells'.padStart(6)}`);
opened.forEach((r, i) =>
  console.log(`${String(i + 1).padStart(5)} ${fmt(r.strip).padStart(9)} ${fmt(r.tbt).padStart(8)} ${fmt(r.longtaskSum).padStart(14)} ${fmt(r.longest).padStart(8)} ${String(r.count).padStart(6)} ${String(r.cells).padStart(6)}`),
);
const tbt = median(opened.map((r) => r.tbt));
console.log(`median TBT ${fmt(tbt)} ms (target < 200), long tasks ${fmt(median(opened.map((r) => r.longtaskSum)))} ms, strip ${fmt(median(opened.map((r) => r.strip)))} ms`);
console.log(`\npatches (${patchRows.length}): main-thread time from the socket message to the strip patched and laid out`);
console.log(`${'patch'.padStart(5)} ${'script ms'.padStart(10)} ${'layout ms'.padStart(10)} ${'total ms'.padStart(9)} ${'long task'.padStart(10)}  cell`);
patchRows.forEach((p, i) =>
  console.log(`${String(i + 1).padStart(5)} ${fmt(p.script).padStart(10)} ${fmt(p.layout).padStart(10)} ${fmt(p.total).padStart(9)} ${(p.longest ? fmt(p.longest) : '-').padStart(10)}  ${p.label ?? '(not in view)'}`),
);
const total = median(patchRows.map((p) => p.total));
console.log(`median patch ${fmt(total)} ms, max ${fmt(Math.max(...patchRows.map((p) => p.total)))} ms (target < 16)`);
if (profile) printProfile(profile);
const out = resolve(repo, 'bench', '.out');
mkdirSync(out, { recursive: true });
writeFileSync(join(out, `livepatch-browser-${Date.now()}.json`), JSON.stringify({ opened, patches: patchRows }, null, 2));

// Self time per sampled node (the sum of the time deltas of the samples that hit it), summed by
// function (name, file, line) and by file; the 25 largest of each.
function printProfile({ nodes, samples, timeDeltas }) {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const self = new Map();
  samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (timeDeltas[i] ?? 0) / 1000));
  const byFunction = new Map();
  const byFile = new Map();
  for (const [id, ms] of self) {
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    const file = url ? url.replace(/^.*\//, '') : `(${functionName || 'native'})`;
    const key = `${functionName || '(anonymous)'}  ${file}:${lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
  }
  const total = [...self.values()].reduce((sum, ms) => sum + ms, 0);
  const top = (map) => [...map].sort((a, b) => b[1] - a[1]).slice(0, 25);
  console.log(`\nprofile of the last load (${fmt(total)} ms sampled): self time by function`);
  top(byFunction).forEach(([key, ms]) => console.log(`${fmt(ms).padStart(9)} ms  ${key}`));
  console.log('\nself time by file');
  top(byFile).forEach(([key, ms]) => console.log(`${fmt(ms).padStart(9)} ms  ${key}`));
}
