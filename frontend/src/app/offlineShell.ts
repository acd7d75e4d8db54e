/**
 * The offline shell (docs/offline.md): the built app's service worker (made by vite-plugin-pwa's
 * Workbox build, vite.config.ts) keeps index.html and every chunk, so a reload with no network opens
 * the SPA, which shows the writes kept offline and sends them when the server answers. Registered a
 * few seconds after the page has loaded, so its precaching never competes with the first load's
 * lazy chunks and reads; not in development or tests.
 */
export const REGISTER_AFTER_LOAD_MS = 3000;

export function registerOfflineShell(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // No service worker (a private window, an old browser): the app works, only not offline.
    });
  };
  window.addEventListener('load', () => window.setTimeout(register, REGISTER_AFTER_LOAD_MS));
}
