import { useDeferredValue } from 'react';

const NOTHING: readonly never[] = [];

/**
 * A list from a query's answer, rendered at a lower priority than the answer's arrival: React
 * renders it in slices that let the browser in, instead of in the task that read the answer
 * (docs/performance/web-first-render.md). `list` must keep its identity between renders (a
 * query's data, or a memo of it). `isRendering`: the answer has come but its items are not
 * rendered yet, so the page keeps its placeholders.
 */
export function useDeferredList<T>(list: readonly T[] | undefined): { shown: readonly T[]; isRendering: boolean } {
  const arrived = list ?? NOTHING;
  const shown = useDeferredValue(arrived);
  return { shown, isRendering: shown !== arrived && shown.length === 0 };
}
