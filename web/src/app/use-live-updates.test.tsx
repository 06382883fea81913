import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../features/live/test/fake-event-source';
import { MAX_STREAM_ERRORS, STREAM_RETRY_AFTER_MS } from '../features/live/use-live-events';
import { getLiveStatus, usePollWhileOffline } from '../lib/live-status';
import { useLiveUpdates } from './use-live-updates';

function setup(isSignedIn = true) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  for (const key of [['/api/trades'], ['/api/trades', 7], ['/api/ledger/verify'], ['/api/notifications', 'list']]) {
    queryClient.setQueryData(key, { cached: true });
  }
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const view = renderHook(({ signedIn }) => useLiveUpdates(signedIn), { wrapper, initialProps: { signedIn: isSignedIn } });
  const isStale = (key: unknown[]) => queryClient.getQueryState(key)?.isInvalidated ?? false;
  return { ...view, queryClient, isStale };
}

const tradeChanged = (id: number, tradeId: number) => ({
  id,
  kind: 'trade.changed',
  payload: { tradeId, status: 'accepted', action: 'accept' },
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('live updates', () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('opens one stream for a member and refreshes the trades when a trade changes', () => {
    const { isStale } = setup();
    expect(FakeEventSource.instances.map((s) => s.url)).toEqual(['/api/events']);
    const stream = FakeEventSource.latest();
    act(() => stream.emit('ready', { lastEventId: 3 }, 3));
    expect(getLiveStatus()).toBe('live');

    act(() => stream.emit('trade.changed', tradeChanged(4, 7), 4));
    expect(isStale(['/api/trades'])).toBe(true);
    expect(isStale(['/api/trades', 7])).toBe(true);
    expect(isStale(['/api/ledger/verify'])).toBe(false);
  });

  it('refreshes the thread, the conversation list and the unread counts when a message arrives', () => {
    const { queryClient, isStale } = setup();
    const keys = [
      ['/api/chat/unread'],
      ['/api/trades', 7, 'messages'],
      ['/api/conversations'],
      ['/api/conversations', 3, 'messages'],
      ['/api/trades', 8, 'messages'],
    ];
    for (const key of keys) queryClient.setQueryData(key, { cached: true });
    const stream = FakeEventSource.latest();
    const at = '2026-01-01T00:00:00.000Z';
    act(() =>
      stream.emit(
        'message.created',
        { id: 5, kind: 'message.created', payload: { tradeId: 7, conversationId: null, messageId: 1, senderId: 'u' }, createdAt: at },
        5,
      ),
    );
    expect(isStale(['/api/trades', 7, 'messages'])).toBe(true);
    expect(isStale(['/api/chat/unread'])).toBe(true);
    expect(isStale(['/api/trades', 8, 'messages'])).toBe(false);
    expect(isStale(['/api/conversations'])).toBe(false);

    act(() =>
      stream.emit(
        'message.created',
        { id: 6, kind: 'message.created', payload: { tradeId: null, conversationId: 3, messageId: 2, senderId: 'u' }, createdAt: at },
        6,
      ),
    );
    expect(isStale(['/api/conversations'])).toBe(true);
    expect(isStale(['/api/conversations', 3, 'messages'])).toBe(true);

    queryClient.setQueryData(['/api/chat/unread'], { total: 0 });
    act(() => stream.emit('unread.changed', { id: 7, kind: 'unread.changed', payload: { messages: 0 }, createdAt: at }, 7));
    expect(isStale(['/api/chat/unread'])).toBe(true);
  });

  it('refreshes the bell when a notification arrives or the unread count changes elsewhere', () => {
    const { isStale, queryClient } = setup();
    const stream = FakeEventSource.latest();
    const at = '2026-01-01T00:00:00.000Z';
    act(() =>
      stream.emit(
        'notification.created',
        { id: 5, kind: 'notification.created', payload: { notificationId: 1, kind: 'trade.proposed' }, createdAt: at },
        5,
      ),
    );
    expect(isStale(['/api/notifications', 'list'])).toBe(true);
    expect(isStale(['/api/trades'])).toBe(false);

    queryClient.setQueryData(['/api/notifications', 'list'], { cached: true });
    act(() => stream.emit('unread.changed', { id: 6, kind: 'unread.changed', payload: { notifications: 0 }, createdAt: at }, 6));
    expect(isStale(['/api/notifications', 'list'])).toBe(true);
  });

  it('opens nothing for a visitor, and closes the stream on sign-out', () => {
    const visitor = setup(false);
    expect(FakeEventSource.instances).toHaveLength(0);
    visitor.rerender({ signedIn: true });
    const stream = FakeEventSource.latest();
    visitor.rerender({ signedIn: false });
    expect(stream.readyState).toBe(FakeEventSource.CLOSED);
    expect(getLiveStatus()).toBe('down');
  });

  it('refetches everything when the server says events may have been missed', () => {
    const { isStale } = setup();
    act(() => FakeEventSource.latest().emit('resync', {}));
    expect(isStale(['/api/ledger/verify'])).toBe(true);
    expect(isStale(['/api/trades'])).toBe(true);
  });

  it('falls back to polling when the stream keeps failing, then resumes it from the last event', () => {
    vi.useFakeTimers();
    setup();
    const poll = renderHook(() => usePollWhileOffline(5_000));
    const first = FakeEventSource.latest();
    act(() => first.emit('ready', { lastEventId: 3 }, 3));
    act(() => first.emit('trade.changed', tradeChanged(12, 7), 12));
    poll.rerender();
    expect(poll.result.current).toBe(false);

    // The browser retries by itself a few times; then the hook gives up and polling takes over.
    for (let i = 0; i < MAX_STREAM_ERRORS; i++) act(() => first.fail());
    poll.rerender();
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    expect(poll.result.current).toBe(5_000);
    expect(FakeEventSource.instances).toHaveLength(1);

    act(() => {
      vi.advanceTimersByTime(STREAM_RETRY_AFTER_MS);
    });
    expect(FakeEventSource.instances.map((s) => s.url)).toEqual(['/api/events', '/api/events?lastEventId=12']);
    act(() => FakeEventSource.latest().emit('ready', { lastEventId: 12 }, 12));
    poll.rerender();
    expect(poll.result.current).toBe(false);
  });

  it('gives up at once when the server refuses the stream', () => {
    vi.useFakeTimers();
    setup();
    const stream = FakeEventSource.latest();
    act(() => stream.fail({ willRetry: false }));
    expect(getLiveStatus()).toBe('down');
    act(() => {
      vi.advanceTimersByTime(STREAM_RETRY_AFTER_MS);
    });
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(FakeEventSource.latest().url).toBe('/api/events');
  });
});
