import { useEffect, useRef } from 'react';
import { LAST_EVENT_ID_PARAM, LIVE_EVENT_KINDS, LIVE_READY_EVENT, LIVE_RESYNC_EVENT, type LiveEvent } from '@soleswap/contracts/live';
import { setLiveStatus } from '../../lib/live-status';

export const LIVE_EVENTS_PATH = '/api/events';

/** Errors in a row (without reaching `ready` in between) before the stream is given up for a while. */
export const MAX_STREAM_ERRORS = 3;

/** How long the app relies on polling after giving up, before trying the stream again. */
export const STREAM_RETRY_AFTER_MS = 60_000;

export interface LiveEventHandlers {
  onEvent(event: LiveEvent): void;
  /** Events may have been missed (the browser was away too long): refetch everything shown. */
  onResync(): void;
}

/**
 * Holds one Server-Sent Events stream while `enabled` (a member is signed in). The browser
 * reconnects by itself and the server resumes after the last event id, so nothing is lost or
 * doubled. When the stream keeps failing (a proxy that will not hold it, the server refusing it),
 * it is closed and the status goes 'down' so features poll instead; it is tried again later,
 * resuming from the last id it saw.
 */
export function useLiveEvents(enabled: boolean, handlers: LiveEventHandlers): void {
  const handlersRef = useRef(handlers);
  // The stream's listeners call the latest handlers without reopening it.
  useEffect(() => {
    handlersRef.current = handlers;
  });

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let lastEventId: string | null = null;
    let errors = 0;

    const open = () => {
      const url = lastEventId ? `${LIVE_EVENTS_PATH}?${LAST_EVENT_ID_PARAM}=${encodeURIComponent(lastEventId)}` : LIVE_EVENTS_PATH;
      const stream = new EventSource(url);
      source = stream;
      const remember = (event: MessageEvent) => {
        if (event.lastEventId) lastEventId = event.lastEventId;
      };
      for (const kind of LIVE_EVENT_KINDS) {
        stream.addEventListener(kind, (event) => {
          remember(event);
          handlersRef.current.onEvent(JSON.parse(event.data) as LiveEvent);
        });
      }
      stream.addEventListener(LIVE_READY_EVENT, (event) => {
        remember(event);
        errors = 0;
        setLiveStatus('live');
      });
      stream.addEventListener(LIVE_RESYNC_EVENT, () => handlersRef.current.onResync());
      stream.onerror = () => {
        errors += 1;
        setLiveStatus('down');
        // CLOSED: the browser will not retry (the server refused the stream); else it is retrying.
        if (stream.readyState !== EventSource.CLOSED && errors < MAX_STREAM_ERRORS) return;
        stream.close();
        source = null;
        retryTimer = setTimeout(() => {
          errors = 0;
          open();
        }, STREAM_RETRY_AFTER_MS);
      };
    };

    open();
    return () => {
      clearTimeout(retryTimer);
      source?.close();
      setLiveStatus('down');
    };
  }, [enabled]);
}
