import { useEffect, useState } from 'react';

/** Search text waits 300 ms after the last keystroke before it queries (see docs/web-client.md#timings-and-counts). */
export const SEARCH_DEBOUNCE_MS = 300;

/** `value`, but only once it has stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
