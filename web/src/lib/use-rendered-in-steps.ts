import { startTransition, useEffect, useState } from 'react';

/**
 * How many items of a long list to render now: `step` at first, then `step` more after each
 * paint, until all `count` are in. The whole list still appears within a few frames, but no
 * single render blocks the page long enough to delay the first paint or input (the library's
 * 100 cards took almost 2 s of main-thread work on a mid-range phone in one go). Each step is a
 * transition, which React renders in slices of a few milliseconds
 * (docs/performance/web-first-render.md).
 */
export function useRenderedInSteps(count: number, step = 20): number {
  const [rendered, setRendered] = useState(() => Math.min(count, step));
  const [forCount, setForCount] = useState(count);
  if (forCount !== count) {
    setForCount(count);
    setRendered(Math.min(count, step));
  }
  useEffect(() => {
    if (rendered >= count) return;
    const timer = setTimeout(() => startTransition(() => setRendered((n) => Math.min(count, n + step))), 0);
    return () => clearTimeout(timer);
  }, [rendered, count, step]);
  return Math.min(rendered, count);
}
