/**
 * Every page the web app routes, as its router's patterns (`:name` is one path segment). The web's
 * route table (web/src/app/routes.tsx) and this list must agree (app-pages.test.ts reads both);
 * the server counts page views of these pages only, so the site statistics' top pages list the
 * app's own pages and nothing a caller made up. No schema library here: the web's page-view
 * tracker, in the first bundle of every page, uses it.
 */
export const APP_PAGE_PATTERNS = [
  '/',
  '/admin/disputes',
  '/admin/reports',
  '/admin/signups',
  '/admin/verification',
  '/analytics',
  '/analytics-dashboard',
  '/auth-test',
  '/backup-signup',
  '/browse',
  '/coming-soon',
  '/debug',
  '/emergency-auth',
  '/idp/interaction/:uid',
  '/inspection',
  '/ledger/:hash',
  '/locker',
  '/main-site',
  '/matches',
  '/membership',
  '/membership-old',
  '/messages',
  '/messages/:conversationId',
  '/original-landing',
  '/payment-test',
  '/profile/:userId',
  '/settings/notifications',
  '/settings/security',
  '/settings/addresses',
  '/simple-backup',
  '/sneaker-library',
  '/sneakers/:id',
  '/trades',
  '/trades/create',
  '/wallet',
  '/wants',
] as const;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PAGE_PATTERN = new RegExp(
  `^(?:${APP_PAGE_PATTERNS.map((p) =>
    p
      .split('/')
      .map((part) => (part.startsWith(':') ? '[^/]+' : escape(part)))
      .join('/'),
  ).join('|')})$`,
);

/** True when `path` (no query string) is one of the app's pages, e.g. `/sneakers/12`. */
export function isAppPage(path: string): boolean {
  return PAGE_PATTERN.test(path);
}
