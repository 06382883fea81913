import type { IncomingHttpHeaders } from 'node:http';

/**
 * Whether the browser asked not to be tracked: Do Not Track (`DNT: 1`) or Global Privacy
 * Control (`Sec-GPC: 1`). Our client already sends nothing then; this covers every other client.
 */
export function hasOptedOutOfTracking(headers: IncomingHttpHeaders): boolean {
  return headers.dnt === '1' || headers['sec-gpc'] === '1';
}
