import { PAGE_VIEW_ACTION, type TrackEvents } from '@soleswap/contracts/analytics';
import { isAppPage } from '@soleswap/contracts/app-pages';
import type { AppContext } from '../../context';
import { insertSiteEvents } from './site-events.repository';
import { describeUserAgent } from './user-agent';
import { truncateIp } from './visitor-ip';

/**
 * How late an event may arrive and keep the browser's time. The client sends its queue at
 * least every few seconds and when the page is hidden, so anything older is a wrong clock or a
 * replay and is stamped with the arrival time instead. The daily roll-up waits this long after
 * midnight, so no event lands in a day already rolled up.
 */
export const MAX_EVENT_AGE_MS = 10 * 60 * 1000;

export interface TrackRequest {
  /** The client address as Fastify resolved it (TRUST_PROXY decides whether X-Forwarded-For counts). */
  ip: string | undefined;
  userAgent: string | undefined;
  referer: string | undefined;
  userId: string | null;
}

/** The path alone: query strings can hold search terms and tokens, and pages group by path. */
function pagePath(page: string): string {
  return page.split(/[?#]/)[0]!.slice(0, 512) || '/';
}

function eventTime(timestamp: string | undefined, now: Date): Date {
  if (!timestamp) return now;
  const at = new Date(timestamp);
  const age = now.getTime() - at.getTime();
  return age >= 0 && age <= MAX_EVENT_AGE_MS ? at : now;
}

/**
 * Stores a batch of page views from one visitor session, with the device, browser, referer and
 * network (never the full address) of the request. Bots are stored flagged, so they can be
 * told apart later, and are left out of every figure. Events of pages the app does not have
 * (contracts/app-pages.ts) are dropped. Returns how many events were stored.
 */
export async function trackSiteEvents(ctx: AppContext, input: TrackEvents, request: TrackRequest): Promise<number> {
  const agent = describeUserAgent(request.userAgent);
  const now = ctx.now();
  const shared = {
    sessionId: input.sessionId,
    userId: request.userId,
    visitorIp: truncateIp(request.ip),
    userAgent: request.userAgent?.slice(0, 500) ?? null,
    referer: request.referer?.slice(0, 500) ?? null,
    device: agent.device,
    browser: agent.browser,
    isBot: agent.isBot,
  };
  // Only the app's own pages are counted: any other page (a made-up name, a 404) is dropped, so
  // nobody can write what they like into the statistics' top pages.
  const events = input.events.flatMap((event) => {
    const page = pagePath(event.page);
    return isAppPage(page) ? [{ ...shared, page, action: event.action ?? PAGE_VIEW_ACTION, timestamp: eventTime(event.timestamp, now) }] : [];
  });
  if (events.length > 0) await insertSiteEvents(ctx.db, events);
  return events.length;
}
