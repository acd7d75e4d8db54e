// What the browser loads per route of the built SPA: the JS and CSS of a real page load in headless
// Chromium, against the built app served as `make run` serves it (uvicorn, config.asgi, the embedded
// SQLite default with the demo data), counted as gzip -9 bytes (deterministic) and checked against
// bench/bundle/budget.json.
//
//   node bench/bundle/sizes.mjs                 # report, serving frontend/dist as it is
//   node bench/bundle/sizes.mjs --build         # build the SPA into bench/.out/dist first
//   node bench/bundle/sizes.mjs --build --check # exit 1 when a route's JS+CSS grows past its budget
//   node bench/bundle/sizes.mjs --dist DIR      # serve another build
//
// Each route loads in a fresh browser context (cold cache) until its `ready` element shows and the
// network has been idle for 500 ms: every /assets/ JS and CSS file the page asked for by then counts
// (lazy chunks included, each file once). The sign-in page loads signed out; /office as the demo user
// Ada, whose session (signed in through the form on the sign-in page) is copied into the fresh context
// before any script runs. A file that came over the wire uncompressed (>= 1 KiB) fails the check too.
//
// Needs the backend venv (backend/.venv), frontend/node_modules (Vite, playwright-core) and Debian's
// Chromium (/usr/bin/chromium). The migrated SQLite database is kept in bench/.out/bundle-check/ per
// set of migrations, so a run is a build, `seed_demo` and two page loads.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '..', '..');
const backend = join(repo, 'backend');
const python = join(backend, '.venv', 'bin', 'python');
const out = join(repo, 'bench', '.out');
const work = join(out, 'bundle-check');
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);

const budget = JSON.parse(readFileSync(join(here, 'budget.json'), 'utf8'));
const { chromium } = createRequire(join(repo, 'frontend', 'package.json'))('playwright-core');
// The flags of shared/DESIGN.md ("Known pitfalls"), as the e2e tests use them.
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const UNCOMPRESSED_LIMIT = 1024;

function run(command, argv, options = {}) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolvePromise(output) : reject(new Error(`${command} ${argv.join(' ')} exited ${code}:\n${output}`))));
  });
}

/** The built SPA to serve: built now into bench/.out/dist (--build), --dist DIR, or frontend/dist. */
async function distribution() {
  if (!flag('--build')) return resolve(option('--dist', join(repo, 'frontend', 'dist')));
  const dist = join(out, 'dist');
  await run('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], { cwd: join(repo, 'frontend') });
  return dist;
}

/** A SQLite database with every migration applied and the demo data seeded, for this run. */
async function database(env) {
  const migrations = [];
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory() && entry.name !== '__pycache__' && entry.name !== '.venv') walk(path);
      else if (entry.isFile() && path.includes('/migrations/') && path.endsWith('.py')) migrations.push(path);
    }
  };
  walk(join(backend, 'apps'));
  const hash = createHash('sha256');
  for (const path of migrations.sort()) hash.update(path.slice(backend.length)).update(readFileSync(path));
  const migrated = join(work, `migrated-${hash.digest('hex').slice(0, 16)}.sqlite3`);
  mkdirSync(work, { recursive: true });
  if (!existsSync(migrated)) {
    for (const stale of readdirSync(work).filter((name) => name.startsWith('migrated-'))) rmSync(join(work, stale));
    const fresh = `${migrated}.tmp`;
    rmSync(fresh, { force: true });
    await run(python, ['manage.py', 'migrate', '--noinput', '-v', '0'], { cwd: backend, env: { ...env, SQLITE_PATH: fresh } });
    copyFileSync(fresh, migrated);
    rmSync(fresh);
  }
  const path = join(work, 'run.sqlite3');
  copyFileSync(migrated, path);
  await run(python, ['manage.py', 'seed_demo'], { cwd: backend, env: { ...env, SQLITE_PATH: path } });
  return path;
}

function freePort() {
  return new Promise((resolvePromise, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePromise(port));
    });
  });
}

/** uvicorn with config.asgi, as the Makefile's `serve` target runs it (one process: no Redis). */
async function serve(env) {
  const port = await freePort();
  const server = spawn(
    python,
    ['-m', 'uvicorn', 'config.asgi:application', '--host', '127.0.0.1', '--port', String(port), '--timeout-keep-alive', '75', '--ws-per-message-deflate', 'false', '--no-server-header'],
    { cwd: backend, env, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  server.stderr.on('data', (chunk) => (log += chunk));
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 240; attempt += 1) {
    if (server.exitCode !== null) throw new Error(`the server stopped:\n${log}`);
    try {
      if ((await fetch(`${base}/api/health/`)).ok) return { base, stop: () => server.kill('SIGTERM') };
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }
  server.kill('SIGTERM');
  throw new Error(`the server did not answer /api/health/ in 60 s:\n${log}`);
}

/** Loads `url` in `context` until `ready` shows and the network is idle; the JS and CSS it loaded. */
async function load(context, base, route) {
  const page = await context.newPage();
  const files = new Map();
  const pending = [];
  page.on('requestfinished', (request) => {
    const { pathname } = new URL(request.url());
    if (!pathname.startsWith('/assets/') || !/\.(js|css)$/.test(pathname)) return;
    pending.push(
      (async () => {
        const response = await request.response();
        const [body, sizes] = await Promise.all([response.body(), request.sizes()]);
        const encoding = (await response.headerValue('content-encoding')) ?? 'identity';
        files.set(pathname, { body, gzip: gzipSync(body, { level: budget.gzip_level }).length, transferred: sizes.responseBodySize, encoding });
      })(),
    );
  });
  await page.goto(base + route.url);
  const ready = route.ready.test_id ? page.getByTestId(route.ready.test_id) : page.getByRole(route.ready.role, { name: route.ready.name });
  await ready.first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle', { timeout: 30_000 });
  await Promise.all(pending);
  return { page, files: new Map(files) }; // what the route loaded, before anything else happens
}

async function signIn(page) {
  await page.getByLabel('Email').fill(budget.user.email);
  await page.getByPlaceholder('Password 8+ characters').fill(budget.user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  const enter = page.getByRole('button', { name: 'Enter the Office' });
  const office = page.getByRole('heading', { name: 'Office', exact: true });
  await enter.or(office).first().waitFor({ timeout: 60_000 });
  if (await enter.isVisible()) await enter.click();
  await office.waitFor({ timeout: 60_000 });
  // The SPA keeps its session in localStorage.
  return page.evaluate(() => Object.fromEntries(Object.entries(localStorage)));
}

async function measure(base) {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: FLAGS, headless: true });
  const loads = {};
  try {
    let session = null;
    for (const [name, route] of Object.entries(budget.routes)) {
      // The service worker (docs/offline.md) registers after the first load and precaches the build in
      // the background; it is no part of the page's first load, so it is kept out of what is counted.
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
      if (route.signed_in) {
        if (!session) throw new Error(`route '${name}' needs a session: list a signed-out route before it in budget.json`);
        await context.addInitScript((entries) => {
          for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
        }, session);
      }
      const { page, files } = await load(context, base, route);
      loads[name] = files;
      if (!session && !route.signed_in) session = await signIn(page);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return loads;
}

const kib = (bytes) => bytes / 1024;

function report(loads) {
  const markers = Object.entries(budget.lazy_only).filter(([label]) => label !== 'comment');
  const results = {};
  let failed = false;
  for (const [name, route] of Object.entries(budget.routes)) {
    const files = [...loads[name].entries()];
    const sum = (kind, key) => files.filter(([path]) => path.endsWith(kind)).reduce((total, [, file]) => total + file[key], 0);
    const js = sum('.js', 'gzip');
    const css = sum('.css', 'gzip');
    const uncompressed = files.filter(([, file]) => file.encoding === 'identity' && file.body.length >= UNCOMPRESSED_LIMIT).map(([path]) => path);
    const lazyOnly = markers.filter(([, marker]) => files.some(([path, file]) => path.endsWith('.js') && file.body.includes(marker))).map(([label]) => label);
    const over = kib(js + css) > route.budget_kib;
    failed ||= over || lazyOnly.length > 0 || uncompressed.length > 0;
    results[name] = {
      url: route.url,
      js_gzip_bytes: js,
      css_gzip_bytes: css,
      total_gzip_bytes: js + css,
      transferred_bytes: files.reduce((total, [, file]) => total + file.transferred, 0),
      budget_kib: route.budget_kib,
      js_files: files.filter(([path]) => path.endsWith('.js')).length,
      css_files: files.filter(([path]) => path.endsWith('.css')).length,
      largest: files
        .map(([path, file]) => [path.replace('/assets/', ''), file.gzip])
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5),
      files: Object.fromEntries(files.map(([path, file]) => [path.replace('/assets/', ''), file.gzip])),
      lazy_only_present: lazyOnly,
      sent_uncompressed: uncompressed,
      verdict: over ? 'OVER BUDGET' : 'ok',
    };
  }
  return { results, failed };
}

const started = Date.now();
const env = {
  ...process.env,
  // `make run`'s embedded default: SQLite, no Redis, the demo accounts, plain http on loopback.
  DATABASE_URL: '',
  REDIS_URL: '',
  DEMO_DATA: 'true',
  HTTPS_ONLY: 'false',
  DEBUG: 'false',
  EMBEDDED_SCHEDULER: 'false',
  SIGN_IN_THROTTLE_RATE: '1000/min',
  MEDIA_ROOT: join(work, 'media'),
};
const [dist, sqlite] = await Promise.all([distribution(), database(env)]);
if (!existsSync(join(dist, 'index.html'))) {
  console.error(`${dist}/index.html is missing: build the SPA (--build, or 'npm run build' in frontend).`);
  process.exit(2);
}
const server = await serve({ ...env, SQLITE_PATH: sqlite, SPA_DIST_DIR: dist });
let loads;
try {
  loads = await measure(server.base);
} finally {
  server.stop();
}
const { results, failed } = report(loads);

console.log(`bench/bundle: JS + CSS a cold page load fetches, gzip -${budget.gzip_level} KiB, ${dist} served by uvicorn (${((Date.now() - started) / 1000).toFixed(0)} s)`);
console.log(`${'route'.padEnd(10)} ${'url'.padEnd(9)} ${'JS'.padStart(7)} ${'CSS'.padStart(6)} ${'total'.padStart(7)} ${'budget'.padStart(7)} ${'files'.padStart(6)} ${'wire'.padStart(7)}  verdict`);
for (const [name, row] of Object.entries(results)) {
  console.log(
    `${name.padEnd(10)} ${row.url.padEnd(9)} ${kib(row.js_gzip_bytes).toFixed(1).padStart(7)} ${kib(row.css_gzip_bytes).toFixed(1).padStart(6)} ` +
      `${kib(row.total_gzip_bytes).toFixed(1).padStart(7)} ${String(row.budget_kib).padStart(7)} ${`${row.js_files}+${row.css_files}`.padStart(6)} ` +
      `${kib(row.transferred_bytes).toFixed(1).padStart(7)}  ${row.verdict}`,
  );
  console.log(`           largest: ${row.largest.map(([file, bytes]) => `${file} ${kib(bytes).toFixed(1)}`).join(', ')}`);
  for (const label of row.lazy_only_present) console.log(`           must be lazy but is loaded: ${label}`);
  for (const path of row.sent_uncompressed) console.log(`           sent uncompressed: ${path}`);
}
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'bundle-sizes.json'), JSON.stringify(results, null, 2));
if (flag('--check') && failed) {
  console.error('bundle budget exceeded (bench/bundle/budget.json)');
  process.exit(1);
}
