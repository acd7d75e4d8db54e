/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath } from 'node:url';

// The Django server (API, websocket, media); override with API_TARGET.
const backend = process.env.API_TARGET ?? 'http://127.0.0.1:8000';

export default defineConfig({
  plugins: [
    react(),
    // The offline shell (docs/offline.md): a Workbox service worker, made at build time, precaches the
    // built files (index.html and every chunk), so the SPA opens with no network and the writes kept
    // offline (api/outbox.ts) are shown and sent once the server answers. It never answers /api, /ws
    // or /media: data always comes from the server. Registered by app/offlineShell.ts after load.
    VitePWA({
      injectRegister: false,
      registerType: 'autoUpdate',
      manifest: false,
      filename: 'sw.js',
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}'],
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/ws\//, /^\/media\//, /^\/static\//, /^\/admin/],
        cleanupOutdatedCaches: true,
        // The page that installed it is controlled at once: going offline right after a first visit,
        // its lazy chunks still come from the cache.
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
  ],
  resolve: {
    alias: [
      // react-router's package exports name only its development build (invariant messages and
      // warnings included) for bundlers; the build uses the production one it ships beside it
      // (about 2 KiB gzip less on every route's first load). Tests keep the development build.
      ...(process.env.NODE_ENV === 'production' || process.argv.includes('build')
        ? [{ find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) }]
        : []),
    ],
  },
  // draft-js reads `global`; without this the page is blank ("global is not defined").
  define: { global: 'globalThis' },
  server: {
    // Playwright writes traces here during e2e runs; watching them reloads the pages under test.
    watch: { ignored: ['**/e2e-artifacts/**', '**/playwright-report/**', '**/test-results/**'] },
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/ws': { target: backend, ws: true },
      '/media': { target: backend },
    },
  },
  build: {
    outDir: 'dist',
    rolldownOptions: {
      treeshake: {
        // antd's rc-component packages declare no `sideEffects`, so a module of theirs that is imported
        // for one export is kept whole (antd's Input reaches rc-form's index for a context, which
        // brought rc-form and async-validator into the sign-in page). Their modules only define
        // components; any other module keeps what its package.json says (undefined = default).
        moduleSideEffects: (id) => (/[\\/]node_modules[\\/]@rc-component[\\/]/.test(id) ? false : undefined),
      },
    },
  },
  test: {
    environment: 'jsdom',
    // immediates.ts first: it must wrap setImmediate before React's scheduler is loaded.
    setupFiles: ['./src/test/immediates.ts', './src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'lint/**/*.test.ts'],
    css: false,
    // Tests assert behaviour, not speed: the first antd render of a file (and the lint probes, which
    // run ESLint) took over the 5 s default on this shared 2-core machine under load.
    testTimeout: 30_000,
  },
});
