/** List endpoints' plain values (no schema library), for the web's first pages; list-query.ts re-exports them. */

/** The response header that carries the next page's cursor; absent on the last page. */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';
