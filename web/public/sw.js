/* SoleSwap's service worker, hand-written and small (docs/rules/offline-and-push.md).
 * - The app shell (the start page and the scripts and styles it names) is cached on install.
 * - Pages and API reads go to the network first; each answer is kept, and served when the network is gone.
 * - Writes (anything but GET) are never answered from here: offline they fail, and the page says so.
 * - Signing out forgets every kept page and answer (they are the member's own).
 * - Web Push: shows the notice and opens its page when clicked. */
const SHELL_CACHE = 'soleswap-shell-v1';
const PAGES_CACHE = 'soleswap-pages-v1';
const SHELL_FILES = ['/', '/offline.html', '/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      await cache.addAll(SHELL_FILES);
      // The hashed scripts and styles the start page names: the page that registered us loaded
      // them before we ran, so they would otherwise be missing offline.
      const shell = await (await cache.match('/')).text();
      const assets = [...new Set(shell.match(/\/assets\/[^"'\s)]+/g) || [])];
      await cache.addAll(assets);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const keep = new Set([SHELL_CACHE, PAGES_CACHE]);
      for (const name of await caches.keys()) if (!keep.has(name)) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method !== 'GET') {
    if (request.method === 'POST' && url.pathname === '/api/logout') event.waitUntil(caches.delete(PAGES_CACHE));
    return;
  }
  // The live stream (/api/events, an endless text/event-stream) stays live or fails: a copy kept
  // here would never end. Development tools and this file are never kept.
  const streaming = (request.headers.get('accept') || '').includes('text/event-stream');
  if (streaming || url.pathname === '/api/events' || url.pathname.startsWith('/api/debug/') || url.pathname === '/sw.js') return;
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
    return;
  }
  if (request.mode === 'navigate') {
    event.respondWith(networkFirst(request, offlinePage));
    return;
  }
  event.respondWith(networkFirst(request, offlineAnswer));
});

async function cacheFirst(request) {
  const kept = await caches.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) (await caches.open(SHELL_CACHE)).put(request, response.clone());
  return response;
}

async function networkFirst(request, whenOffline) {
  try {
    const response = await fetch(request);
    if (keepable(response)) (await caches.open(PAGES_CACHE)).put(request, response.clone());
    return response;
  } catch (error) {
    const kept = await caches.match(request, { ignoreVary: true });
    if (kept) return kept;
    return whenOffline(request, error);
  }
}

/** Only whole pages and JSON reads are kept: never a stream, a file download or an answer marked no-store. */
function keepable(response) {
  if (!response.ok || response.type !== 'basic') return false;
  if ((response.headers.get('cache-control') || '').includes('no-store')) return false;
  const type = response.headers.get('content-type') || '';
  return type.startsWith('application/json') || type.startsWith('text/html');
}

async function offlinePage() {
  return (await caches.match('/offline.html')) || new Response('You are offline', { status: 503, headers: { 'content-type': 'text/plain' } });
}

function offlineAnswer(request, error) {
  if (!new URL(request.url).pathname.startsWith('/api/')) throw error;
  const body = JSON.stringify({ code: 'OFFLINE', message: 'You are offline, and this was not opened on this device before.' });
  return new Response(body, { status: 503, headers: { 'content-type': 'application/json' } });
}

self.addEventListener('push', (event) => {
  let notice = {};
  try {
    notice = event.data ? event.data.json() : {};
  } catch {
    notice = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(notice.title || 'SoleSwap', {
      body: notice.body || '',
      icon: '/icons/icon-192.png',
      badge: '/icons/maskable-192.png',
      tag: notice.tag,
      data: { url: notice.url || '/notifications' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openNotice(event.notification));
});

/**
 * Opens a notice's page: in a SoleSwap window already open (brought to the front), else in a new one.
 * Navigates before focusing, so the page is right even where the browser refuses the focus.
 * (e2e/push.spec.ts calls it from the worker: headless Chromium has no notification to click.)
 */
async function openNotice(notification) {
  const target = new URL(notification.data?.url || '/', self.location.origin);
  if (target.origin !== self.location.origin) return;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === target.origin);
  if (!open) {
    await self.clients.openWindow(target.href);
    return;
  }
  const shown = open.url === target.href ? open : ((await open.navigate(target.href)) ?? open);
  await shown.focus().catch(() => {});
}
