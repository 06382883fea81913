// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPageViews, resetPageViewTracker, trackPageView } from './page-view-tracker';

const beacons: Array<{ url: string; body: Blob }> = [];

function setNavigator(props: Record<string, unknown>) {
  for (const [key, value] of Object.entries(props)) Object.defineProperty(navigator, key, { value, configurable: true });
}

beforeEach(() => {
  resetPageViewTracker();
  beacons.length = 0;
  localStorage.clear();
  setNavigator({
    sendBeacon: (url: string, body: Blob) => {
      beacons.push({ url, body });
      return true;
    },
    doNotTrack: null,
    globalPrivacyControl: undefined,
  });
});
afterEach(() => vi.restoreAllMocks());

describe('page-view tracker', () => {
  it('batches views and sends them as JSON with a beacon when the page is hidden, under one stored visitor id', async () => {
    trackPageView('/');
    trackPageView('/browse');
    expect(beacons).toHaveLength(0);
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));

    expect(beacons).toHaveLength(1);
    expect(beacons[0]!.url).toBe('/api/analytics/events');
    expect(beacons[0]!.body.type).toBe('application/json');
    const sent = JSON.parse(await beacons[0]!.body.text());
    expect(sent.events.map((e: { page: string }) => e.page)).toEqual(['/', '/browse']);
    expect(sent.sessionId).toBe(localStorage.getItem('soleswap.visitor-id'));
    expect(sent.sessionId).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
  });

  it('sends nothing and stores no id under Do Not Track or Global Privacy Control', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    for (const optOut of [{ doNotTrack: '1' }, { globalPrivacyControl: true }]) {
      setNavigator({ doNotTrack: null, globalPrivacyControl: undefined, ...optOut });
      trackPageView('/locker');
      flushPageViews(true);
      flushPageViews();
    }
    expect(beacons).toHaveLength(0);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(localStorage.getItem('soleswap.visitor-id')).toBeNull();
  });
});
