/** A counter's window after a batch was counted on it: its count and the milliseconds left. */
export interface CountedWindow {
  current: number;
  ttl: number;
}

/** How many times each counter key occurs in a batch (its requests without a counter left out). */
export function hitsPerKey(keys: ReadonlyArray<string | null>): Array<{ key: string; hits: number }> {
  const hits = new Map<string, number>();
  for (const key of keys) if (key !== null) hits.set(key, (hits.get(key) ?? 0) + 1);
  return [...hits].map(([key, n]) => ({ key, hits: n }));
}

/**
 * Which of a batch's requests the limit refuses, given each one's counter key (in the batch's
 * order) and the windows after the whole batch was counted: the j-th of k requests under a key
 * was request number `current - k + j` of its window, refused past `max`, as it would have been
 * counted one at a time. Returns, per request, the seconds to wait (Retry-After, at least 1) when
 * refused, or null.
 */
export function refusedByLimit(keys: ReadonlyArray<string | null>, windows: ReadonlyMap<string, CountedWindow>, max: number): Array<number | null> {
  const hits = new Map(hitsPerKey(keys).map(({ key, hits: n }) => [key, n]));
  const seen = new Map<string, number>();
  return keys.map((key) => {
    if (key === null) return null;
    const window = windows.get(key);
    if (!window) return null;
    const j = (seen.get(key) ?? 0) + 1;
    seen.set(key, j);
    const number = window.current - (hits.get(key) ?? 0) + j;
    return number > max ? Math.max(1, Math.ceil(window.ttl / 1000)) : null;
  });
}
