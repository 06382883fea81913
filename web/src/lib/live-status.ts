import { useSyncExternalStore } from 'react';

/**
 * Whether the live event stream is up, readable by any feature: 'live' while the stream is held,
 * 'down' while it cannot be (not signed in, reconnecting, or given up on for a while). Features
 * poll only while it is down.
 */
export type LiveStatus = 'live' | 'down';

let status: LiveStatus = 'down';
const listeners = new Set<() => void>();

export function setLiveStatus(next: LiveStatus): void {
  if (next === status) return;
  status = next;
  listeners.forEach((listener) => listener());
}

export function getLiveStatus(): LiveStatus {
  return status;
}

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getLiveStatus,
    getLiveStatus,
  );
}

/**
 * A `refetchInterval` for TanStack Query that polls every `ms` only while the stream is down,
 * e.g. `useQuery({ ..., refetchInterval: usePollWhileOffline(5_000) })` for a trade's chat.
 */
export function usePollWhileOffline(ms: number): number | false {
  return useLiveStatus() === 'live' ? false : ms;
}
