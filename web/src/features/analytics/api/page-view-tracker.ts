// Types only: this file is in the first bundle of every page, the schemas are not needed here.
import type { SiteEvent } from '@soleswap/contracts/analytics';
// The page list is plain data (no schema library).
import { isAppPage } from '@soleswap/contracts/app-pages';
import { randomUuid } from '../../../lib/random-uuid';

/**
 * Page views, sent in batches. The visitor id is a random value kept in localStorage, so a
 * visitor who comes back another day is recognised (that is what separates unique visitors
 * from visits); it is first-party only and never derived from the person. A browser that asks
 * not to be tracked (Do Not Track or Global Privacy Control) gets no id and sends nothing.
 *
 * Views wait in a queue and go out a few seconds later, when the queue fills up, or, when the
 * page is hidden or left, with navigator.sendBeacon (which survives the page closing). A
 * browser without sendBeacon (very old ones, test DOMs) is not tracked.
 */

export const EVENTS_PATH = '/api/analytics/events';
const VISITOR_KEY = 'soleswap.visitor-id';
/** How long a view waits for company before the batch is sent anyway. */
export const FLUSH_DELAY_MS = 5000;
/** A full batch goes out at once; well under the server's 50 events a call. */
const FLUSH_AT = 20;

type PrivacyNavigator = Navigator & { globalPrivacyControl?: boolean };

let queue: SiteEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let memoryVisitorId: string | undefined;
let listening = false;

/** False when the browser asked not to be tracked or cannot send beacons. */
export function isTrackingAllowed(): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
  const nav = navigator as PrivacyNavigator;
  return nav.doNotTrack !== '1' && nav.globalPrivacyControl !== true;
}

/** The visitor's id, created on first use; kept in memory when storage is blocked. */
function visitorId(): string {
  try {
    let id = localStorage.getItem(VISITOR_KEY);
    if (!id || !/^[A-Za-z0-9_-]{16,64}$/.test(id)) {
      id = randomUuid();
      localStorage.setItem(VISITOR_KEY, id);
    }
    return id;
  } catch {
    memoryVisitorId ??= randomUuid();
    return memoryVisitorId;
  }
}

/** Sends everything queued: with a beacon when the page is going away, else with fetch. */
export function flushPageViews(pageIsLeaving = false): void {
  clearTimeout(timer);
  timer = undefined;
  while (queue.length) {
    const body = JSON.stringify({ sessionId: visitorId(), events: queue.splice(0, FLUSH_AT) });
    // application/json keeps the request a CORS-mode one, so the browser sends our real Origin.
    if (pageIsLeaving && navigator.sendBeacon(EVENTS_PATH, new Blob([body], { type: 'application/json' }))) continue;
    void fetch(EVENTS_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body,
      keepalive: true,
    }).catch(() => undefined);
  }
}

function listenForPageHide() {
  if (listening) return;
  listening = true;
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushPageViews(true);
  });
  window.addEventListener('pagehide', () => flushPageViews(true));
}

/** Queues a view of `page` (a path); does nothing for a visitor who opted out. */
export function trackPageView(page: string): void {
  // The server counts the app's own pages only (a 404 page is no page of the app): send no others.
  if (!isTrackingAllowed() || !isAppPage(page.split(/[?#]/)[0]!)) return;
  listenForPageHide();
  queue.push({ page, timestamp: new Date().toISOString() });
  if (queue.length >= FLUSH_AT) flushPageViews();
  else timer ??= setTimeout(() => flushPageViews(), FLUSH_DELAY_MS);
}

/** Tests start from an empty queue. */
export function resetPageViewTracker(): void {
  clearTimeout(timer);
  timer = undefined;
  queue = [];
  memoryVisitorId = undefined;
}
