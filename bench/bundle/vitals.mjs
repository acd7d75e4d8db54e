// LCP and INP of /office (and of the sign-in page) in headless Debian Chromium, with web-vitals.
//
//   node bench/bundle/vitals.mjs --base http://127.0.0.1:8023 [--runs 5]
//
// Needs a running server with the demo data and the built SPA (`python -m bench.bundle --vitals`
// starts one). Signs in once as Ada through the form, enters the office if needed, then loads each
// page `runs` times, each in a fresh browser context (cold cache, the session copied in), and makes the
// same interactions each time (open and close the account menu twice) so INP has something to
// measure. Prints medians and maxima; exits 0 (the targets are reported, not enforced).
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const base = option('--base', 'http://127.0.0.1:8023');
const runs = Number(option('--runs', '5'));
const email = option('--email', 'ada@example.com');
const password = option('--password', 'remote-2026');
if (!['127.0.0.1', 'localhost', '[::1]'].includes(new URL(base).hostname)) {
  throw new Error('benchmarks only target this machine (loopback)');
}

// The flags of shared/DESIGN.md ("Known pitfalls"), as the e2e tests use them.
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const webVitals = readFileSync(join(here, 'node_modules', 'web-vitals', 'dist', 'web-vitals.iife.js'), 'utf8');
const collect = `${webVitals}
window.__vitals = {};
webVitals.onLCP((m) => { window.__vitals.lcp = m.value; }, { reportAllChanges: true });
webVitals.onINP((m) => { window.__vitals.inp = m.value; }, { reportAllChanges: true, durationThreshold: 16 });
webVitals.onFCP((m) => { window.__vitals.fcp = m.value; });
webVitals.onTTFB((m) => { window.__vitals.ttfb = m.value; });
// 'Strip visible': when the teammates strip first has a row on screen (time since navigation start).
new MutationObserver((_, observer) => {
  const strip = document.querySelector('[data-testid="teammates-strip"]');
  if (strip && strip.getBoundingClientRect().height > 0 && strip.textContent.trim()) {
    window.__vitals.strip = performance.now();
    observer.disconnect();
  }
}).observe(document, { childList: true, subtree: true, characterData: true });
`;
const median = (values) => {
  const sorted = values.filter((v) => v !== undefined).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : undefined;
};
const settle = (page, ms) => page.waitForTimeout(ms);

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: FLAGS, headless: true });
try {
  // Sign in once; later contexts start from this storage (the token in localStorage).
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByPlaceholder('Password 8+ characters').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  const enter = page.getByRole('button', { name: 'Enter the Office' });
  const office = page.getByRole('heading', { name: 'Office', exact: true });
  await enter.or(office).first().waitFor({ timeout: 30_000 });
  if (await enter.isVisible()) await enter.click();
  await office.waitFor({ timeout: 30_000 });
  // The SPA keeps its session in localStorage; later contexts get the same entries before any
  // script runs.
  const signedIn = await page.evaluate(() => Object.fromEntries(Object.entries(localStorage)));
  await context.close();

  async function measure(url, storage, ready, interact) {
    const fresh = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
    const tab = await fresh.newPage();
    if (storage) {
      await tab.addInitScript((entries) => {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      }, storage);
    }
    await tab.addInitScript(collect);
    await tab.goto(url, { waitUntil: 'load' });
    await ready(tab)
      .waitFor({ timeout: 30_000 })
      .catch(async (error) => {
        await tab.screenshot({ path: resolve(here, '..', '.out', 'vitals-failure.png') });
        throw error;
      });
    await settle(tab, 500); // later LCP candidates (data arriving after the shell)
    await interact(tab);
    await settle(tab, 300);
    const vitals = await tab.evaluate(() => ({
      ...window.__vitals,
      // Requests before the page was ready, and the last one's start: the request chain's length.
      requests: performance.getEntriesByType('resource').filter((r) => r.startTime <= (window.__vitals.strip ?? window.__vitals.lcp ?? Infinity)).length,
      lastApiStart: Math.max(0, ...performance.getEntriesByType('resource').filter((r) => r.name.includes('/api/')).map((r) => r.startTime)),
    }));
    await fresh.close();
    return vitals;
  }

  const pages = {
    '/office': {
      storage: signedIn,
      ready: (tab) => tab.getByTestId('teammates-strip'),
      interact: async (tab) => {
        for (let i = 0; i < 2; i += 1) {
          await tab.getByRole('button', { name: 'Account menu' }).click();
          await settle(tab, 300);
          await tab.keyboard.press('Escape');
          await settle(tab, 300);
        }
      },
    },
    '/ (sign-in)': {
      storage: undefined,
      ready: (tab) => tab.getByRole('button', { name: 'Log in' }),
      interact: async (tab) => {
        await tab.getByLabel('Email').click();
        await tab.keyboard.type('a@b.c');
        await settle(tab, 200);
      },
    },
  };
  const results = {};
  for (const [name, spec] of Object.entries(pages)) {
    const url = name.split(' ')[0];
    const samples = [];
    for (let i = 0; i < runs; i += 1) samples.push(await measure(url, spec.storage, spec.ready, spec.interact));
    results[name] = samples;
  }

  console.log(`bench/bundle vitals: ${runs} cold loads per page in headless Chromium, ${base}`);
  console.log(`${'page'.padEnd(12)} ${'LCP ms'.padStart(7)} ${'max'.padStart(6)} ${'INP ms'.padStart(7)} ${'max'.padStart(6)} ${'FCP ms'.padStart(7)} ${'strip ms'.padStart(8)} ${'max'.padStart(6)} ${'last API'.padStart(8)}  target (LCP <= 1000, INP <= 100)`);
  for (const [name, samples] of Object.entries(results)) {
    const pick = (key) => samples.map((s) => s[key]);
    const lcp = median(pick('lcp'));
    const inp = median(pick('inp'));
    const fmt = (v) => (v === undefined ? '<16' : v.toFixed(0)).padStart(7);
    const max = (key) => Math.max(...pick(key).filter((v) => v !== undefined), 0).toFixed(0).padStart(6);
    const ok = lcp !== undefined && lcp <= 1000 && (inp === undefined || inp <= 100);
    const strip = median(pick('strip'));
    console.log(
      `${name.padEnd(12)} ${fmt(lcp)} ${max('lcp')} ${fmt(inp)} ${max('inp')} ${fmt(median(pick('fcp')))} ` +
        `${(strip === undefined ? '-' : strip.toFixed(0)).padStart(8)} ${(strip === undefined ? '-' : max('strip')).padStart(6)} ` +
        `${fmt(median(pick('lastApiStart'))).padStart(8)}  ${ok ? 'ok' : 'MISS'}`,
    );
  }
  console.log("(INP '<16': no interaction reached web-vitals' 16 ms reporting threshold)");
  const out = resolve(here, '..', '.out');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'bundle-vitals.json'), JSON.stringify(results, null, 2));
} finally {
  await browser.close();
}
