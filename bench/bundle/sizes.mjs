// Gzip bytes of the initial JS per route of the built SPA, following the Vite manifest.
//
//   node bench/bundle/sizes.mjs                 # report, from frontend/dist (built with a manifest)
//   node bench/bundle/sizes.mjs --build         # build the SPA with a manifest into bench/.out/dist first
//   node bench/bundle/sizes.mjs --build --check # exit 1 when a route grows past bench/bundle/budget.json
//
// A route's initial JS is the entry chunk (index.html) with its static imports, plus the route's
// lazy modules (budget.json) with theirs: what the browser must load before the route renders.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '..', '..');
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);

const budget = JSON.parse(readFileSync(join(here, 'budget.json'), 'utf8'));
let dist = resolve(option('--dist', join(repo, 'frontend', 'dist')));
if (flag('--build')) {
  dist = join(repo, 'bench', '.out', 'dist');
  execFileSync('npx', ['vite', 'build', '--manifest', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: join(repo, 'frontend'),
    stdio: 'inherit',
  });
}
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`${manifestPath} is missing: build with a manifest (--build, or 'npx vite build --manifest').`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const gzipped = new Map();
function gzipBytes(file) {
  if (!gzipped.has(file)) {
    gzipped.set(file, gzipSync(readFileSync(join(dist, file)), { level: budget.gzip_level }).length);
  }
  return gzipped.get(file);
}

/** Manifest keys reached from `key` through static imports (the key itself included). */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`'${key}' is not in the build's manifest: update bench/bundle/budget.json`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) closure(imported, seen);
  return seen;
}

const kib = (bytes) => bytes / 1024;
const results = {};
let failed = false;
for (const [name, route] of Object.entries(budget.routes)) {
  const keys = new Set();
  for (const start of ['index.html', ...route.lazy]) closure(start, keys);
  const files = [...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
  const css = [...new Set([...keys].flatMap((key) => manifest[key].css ?? []))];
  const js = files.reduce((sum, file) => sum + gzipBytes(file), 0);
  const cssBytes = css.reduce((sum, file) => sum + gzipBytes(file), 0);
  const lazyOnly = Object.entries(budget.lazy_only)
    .filter(([label]) => label !== 'comment')
    .filter(([, marker]) => files.some((file) => readFileSync(join(dist, file), 'utf8').includes(marker)))
    .map(([label]) => label);
  const over = kib(js) > route.budget_kib;
  failed ||= over || lazyOnly.length > 0;
  results[name] = {
    url: route.url,
    js_gzip_bytes: js,
    css_gzip_bytes: cssBytes,
    budget_kib: route.budget_kib,
    chunks: files.length,
    largest: files
      .map((file) => [file, gzipBytes(file)])
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5),
    lazy_only_present: lazyOnly,
  };
}

console.log(`bench/bundle: initial JS per route, gzip -${budget.gzip_level}, from ${dist}`);
console.log(`${'route'.padEnd(10)} ${'url'.padEnd(9)} ${'JS KiB'.padStart(8)} ${'budget'.padStart(7)} ${'CSS KiB'.padStart(8)} ${'chunks'.padStart(6)}  verdict`);
for (const [name, row] of Object.entries(results)) {
  const verdict = kib(row.js_gzip_bytes) > row.budget_kib ? 'OVER BUDGET' : 'ok';
  console.log(
    `${name.padEnd(10)} ${row.url.padEnd(9)} ${kib(row.js_gzip_bytes).toFixed(1).padStart(8)} ` +
      `${String(row.budget_kib).padStart(7)} ${kib(row.css_gzip_bytes).toFixed(1).padStart(8)} ` +
      `${String(row.chunks).padStart(6)}  ${verdict}`,
  );
  console.log(`           largest: ${row.largest.map(([file, bytes]) => `${file.replace('assets/', '')} ${kib(bytes).toFixed(1)}`).join(', ')}`);
  for (const label of row.lazy_only_present) console.log(`           must be lazy but is initial: ${label}`);
}
const out = join(repo, 'bench', '.out');
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'bundle-sizes.json'), JSON.stringify(results, null, 2));
if (flag('--check') && failed) {
  console.error('bundle budget exceeded (bench/bundle/budget.json)');
  process.exit(1);
}
