/**
 * The browser's side of Web Push: the service worker's PushManager and the notification permission
 * (docs/rules/offline-and-push.md). Nothing here talks to our server.
 */

/** How long to wait for the service worker (registered at page load, web/src/app/offline) before saying it is not there. */
const WORKER_WAIT_MS = 10_000;

/** Whether this browser can get pushes at all: iOS Safari only from a page added to the Home Screen. */
export function isPushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The member's answer to the notification prompt for this site: 'default' until they gave one. */
export function notificationPermission(): NotificationPermission {
  return Notification.permission;
}

/** Shows the browser's prompt (only once: after a "Block" the browser answers 'denied' without asking). */
export function askNotificationPermission(): Promise<NotificationPermission> {
  return Notification.requestPermission();
}

/** The registered service worker, or null when none is running for this page (development builds register none). */
export async function pushRegistration(): Promise<ServiceWorkerRegistration | null> {
  const ready = navigator.serviceWorker.ready;
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), WORKER_WAIT_MS));
  return Promise.race([ready, timeout]);
}

/**
 * Subscribes this browser with the server's VAPID public key, or keeps its subscription when it was
 * made with that key (one made with an older key is replaced: the server could not sign for it).
 */
export async function subscribeBrowser(registration: ServiceWorkerRegistration, publicKey: string): Promise<PushSubscription> {
  const applicationServerKey = base64UrlToBytes(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing) {
    const key = existing.options?.applicationServerKey;
    if (!key || sameBytes(new Uint8Array(key), applicationServerKey)) return existing;
    await existing.unsubscribe();
  }
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
}

/** A VAPID key as the server hands it (base64url) to the bytes PushManager.subscribe wants. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = (value + '='.repeat((4 - (value.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}
