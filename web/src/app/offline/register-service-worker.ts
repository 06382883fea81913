/**
 * Registers /sw.js (web/public/sw.js) in production builds only: in development Vite serves
 * modules that change on every edit, which a cache would only get in the way of.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // Without it the app works as before, online only.
    });
  });
}
