import { lazy, Suspense } from 'react';
import { useLocation } from 'wouter';
import { useConfirmationSentNotice } from '../features/identity/confirmation-sent-notice';
import { useCurrentUserForFrame } from '../lib/current-user';
import { ListingMenuSlot, type ListingRef } from '../lib/listing-menu-slot';
import { NavBarPlaceholder } from './layout/nav-bar-placeholder';
import { OfflineBanner } from './offline/offline-banner';
import { PublicHeader } from './layout/public-header';
import { AppRoutes } from './routes';
import { useLiveUpdates } from './use-live-updates';
import { useLoginFailedNotice } from './use-login-failed-notice';
import { usePageViewTracking } from './use-page-view-tracking';

// Member-only UI (the app bar with its menus and bell, the report menu) is fetched only once
// someone signed in needs it, so visitors' first script stays small (docs/benchmarks.md).
const NavBar = lazy(() => import('./layout/nav-bar').then((m) => ({ default: m.NavBar })));
// Premium's new-device notice (docs/rules/sign-in.md#premiums-enhanced-security), for members only too.
const NewDeviceBanner = lazy(() => import('../features/identity/components/new-device-banner').then((m) => ({ default: m.NewDeviceBanner })));
const ReportListingMenu = lazy(() => import('../features/moderation/components/report-listing-menu').then((m) => ({ default: m.ReportListingMenu })));

/** Other members' sneaker cards get the moderation feature's "Report listing" menu. */
const renderListingMenu = (listing: ListingRef) => (
  <Suspense fallback={null}>
    <ReportListingMenu listing={listing} />
  </Suspense>
);

/**
 * Marketing pages with their own visitor header ("Log in"), shown to visitors without the app bar.
 * A member is already signed in, so on these pages they get the app bar like everywhere else and
 * the page leaves its "Log in" header out.
 */

const VISITOR_STANDALONE_PATHS = new Set(['/original-landing', '/main-site', '/coming-soon', '/backup-signup', '/simple-backup']);

function isStandalone(location: string, isAuthenticated: boolean): boolean {
  // The identity provider's sign-in screens stand alone for everyone.
  if (location.startsWith('/idp/')) return true;
  if (isAuthenticated) return false;
  // Visitors get the early-access page at "/", members their dashboard.
  return location === '/' || VISITOR_STANDALONE_PATHS.has(location);
}

/**
 * The frame around every page: the nav bar for members on every page (see docs/web-client.md#route-availability),
 * a slim bar for visitors on shared pages, nothing on standalone pages.
 */
export function AppShell() {
  const [location] = useLocation();
  const { user, isLoading } = useCurrentUserForFrame();
  useLoginFailedNotice();
  useConfirmationSentNotice();
  useLiveUpdates(user !== null);
  usePageViewTracking();
  const showBar = !isLoading && !isStandalone(location, user !== null);
  // Pages with a bar for visitors and members alike keep its place while the session is checked,
  // so the page does not move down when the bar appears.
  const reserveBar = isLoading && !isStandalone(location, false);

  return (
    <>
      <a
        href="#main-content"
        className="sr-only z-50 rounded-lg bg-accent px-4 py-2 font-semibold text-accent-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <OfflineBanner />
      {showBar ? (
        user ? (
          <Suspense fallback={<NavBarPlaceholder />}>
            <NavBar user={user} />
          </Suspense>
        ) : (
          <PublicHeader />
        )
      ) : reserveBar ? (
        <NavBarPlaceholder />
      ) : null}
      {showBar && user ? (
        <Suspense fallback={null}>
          <NewDeviceBanner isSignedIn />
        </Suspense>
      ) : null}
      <main id="main-content" tabIndex={-1} className="outline-none">
        <ListingMenuSlot.Provider value={renderListingMenu}>
          <AppRoutes />
        </ListingMenuSlot.Provider>
      </main>
    </>
  );
}
