import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { PageSpinner } from '../components/ui/spinner';
import { useCurrentUserForFrame } from '../lib/current-user';
import { NotFoundPage } from './pages/not-found-page';

// Each page is its own chunk, fetched when its route first matches, so the first load carries
// only the shell, the route table and the page being opened (one bundle was ~680 kB).
const SiteAnalyticsPage = lazy(() => import('../features/analytics/components/site-analytics-page').then((m) => ({ default: m.SiteAnalyticsPage })));
const PortfolioAnalyticsPage = lazy(() =>
  import('../features/analytics/components/portfolio-analytics-page').then((m) => ({
    default: m.PortfolioAnalyticsPage,
  })),
);
const AuthTestPage = lazy(() => import('../features/diagnostics/components/auth-test-page').then((m) => ({ default: m.AuthTestPage })));
const DebugPage = lazy(() => import('../features/diagnostics/components/debug-page').then((m) => ({ default: m.DebugPage })));
const EmergencyAuthPage = lazy(() =>
  import('../features/diagnostics/components/emergency-auth-page').then((m) => ({ default: m.EmergencyAuthPage })),
);
const AdminSignupsPage = lazy(() => import('../features/early-signups/components/admin-signups-page').then((m) => ({ default: m.AdminSignupsPage })));
const AdminReportsPage = lazy(() => import('../features/moderation/components/admin-reports-page').then((m) => ({ default: m.AdminReportsPage })));
const AdminDisputesPage = lazy(() => import('../features/moderation/components/admin-disputes-page').then((m) => ({ default: m.AdminDisputesPage })));
const AdminVerificationPage = lazy(() =>
  import('../features/moderation/components/admin-verification-page').then((m) => ({ default: m.AdminVerificationPage })),
);
const EarlyAccessPage = lazy(() => import('../features/early-signups/components/early-access-page').then((m) => ({ default: m.EarlyAccessPage })));
const SimpleBackupPage = lazy(() => import('../features/early-signups/components/simple-backup-page').then((m) => ({ default: m.SimpleBackupPage })));
const InteractionPage = lazy(() => import('../features/identity/components/interaction-page').then((m) => ({ default: m.InteractionPage })));
const LandingPage = lazy(() => import('./pages/landing-route').then((m) => ({ default: m.LandingRoute })));
const LedgerPage = lazy(() => import('../features/ledger/components/ledger-page').then((m) => ({ default: m.LedgerPage })));
const MembershipOldPage = lazy(() => import('../features/payments/components/membership-old-page').then((m) => ({ default: m.MembershipOldPage })));
const MembershipPage = lazy(() => import('../features/payments/components/membership-page').then((m) => ({ default: m.MembershipPage })));
// Behind the development-tools switch, like the diagnostics pages (app/pages).
const PaymentTestPage = lazy(() => import('./pages/payment-test-route').then((m) => ({ default: m.PaymentTestRoute })));
const BrowsePage = lazy(() => import('../features/sneakers/components/browse-page').then((m) => ({ default: m.BrowsePage })));
// The locker and library come with the verification feature's dialog and price lines (app/pages).
const LockerPage = lazy(() => import('./pages/locker-route').then((m) => ({ default: m.LockerRoute })));
const SneakerLibraryPage = lazy(() => import('./pages/library-route').then((m) => ({ default: m.LibraryRoute })));
const SneakerDetailPage = lazy(() => import('./pages/sneaker-detail-page').then((m) => ({ default: m.SneakerDetailPage })));
const CreateTradePage = lazy(() => import('./pages/create-trade-route').then((m) => ({ default: m.CreateTradeRoute })));
const TradesPage = lazy(() => import('./pages/trades-and-loops-page').then((m) => ({ default: m.TradesAndLoopsPage })));
const MessagesPage = lazy(() => import('../features/chat/components/messages-page').then((m) => ({ default: m.MessagesPage })));
const WantsPage = lazy(() => import('../features/wants/components/wants-page').then((m) => ({ default: m.WantsPage })));
const MatchesPage = lazy(() => import('../features/wants/components/matches-page').then((m) => ({ default: m.MatchesPage })));
const NotificationSettingsPage = lazy(() =>
  import('./pages/notification-settings-route').then((m) => ({
    default: m.NotificationSettingsRoute,
  })),
);
const InspectionQueuePage = lazy(() =>
  import('../features/inspection/components/inspection-queue-page').then((m) => ({ default: m.InspectionQueuePage })),
);
const AddressBookPage = lazy(() => import('../features/addresses/components/address-book-page').then((m) => ({ default: m.AddressBookPage })));
const SecuritySettingsPage = lazy(() =>
  import('../features/identity/security/security-settings-page').then((m) => ({ default: m.SecuritySettingsPage })),
);
const WalletPage = lazy(() => import('../features/wallet/components/wallet-page').then((m) => ({ default: m.WalletPage })));
const HomePage = lazy(() => import('./pages/home-page').then((m) => ({ default: m.HomePage })));
const ProfilePage = lazy(() => import('./pages/profile-page').then((m) => ({ default: m.ProfilePage })));
// What visitors get: the public side of a profile, the landing or early-access home, a sign-in for member pages.
const PublicProfilePage = lazy(() => import('./pages/public-profile-page').then((m) => ({ default: m.PublicProfilePage })));
const VisitorHomePage = lazy(() => import('./pages/visitor-home-route').then((m) => ({ default: m.VisitorHomeRoute })));
const SignInRequiredPage = lazy(() => import('./pages/sign-in-required-page').then((m) => ({ default: m.SignInRequiredPage })));

/** `/messages/12` → 12; anything else opens no conversation (the page says it does not exist). */
function conversationIdOf(raw: string): number {
  return /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
}

/** Member-only paths: registered only for a signed-in user (see docs/web-client.md#screens-and-routes). */
const PROTECTED_PATHS = [
  '/',
  '/locker',
  '/trades',
  '/messages',
  '/messages/:conversationId',
  '/wants',
  '/matches',
  '/profile/:userId',
  '/analytics',
  '/settings/notifications',
  '/settings/security',
  '/settings/addresses',
  '/wallet',
] as const;

/**
 * The route table of docs/web-client.md#route-availability. For a visitor, `/` is the landing
 * page (or the early-access page before launch), a profile is its public side, and every other
 * member-only path asks them to sign in and come back; while the login state is still loading
 * they show a spinner instead.
 */
export function AppRoutes() {
  const auth = useCurrentUserForFrame();
  // The marketing pages' own "Log in" bar is for visitors only; members get the app bar instead.
  const showVisitorHeader = !auth.isLoading && !auth.isAuthenticated;

  return (
    <Suspense fallback={<PageSpinner />}>
      <Switch>
        {/* Always available */}
        <Route path="/auth-test">
          <AuthTestPage auth={auth} />
        </Route>
        <Route path="/emergency-auth" component={EmergencyAuthPage} />
        <Route path="/analytics-dashboard" component={SiteAnalyticsPage} />
        <Route path="/sneaker-library" component={SneakerLibraryPage} />
        <Route path="/payment-test" component={PaymentTestPage} />
        <Route path="/membership">
          <MembershipPage auth={auth} />
        </Route>
        <Route path="/membership-old">
          <MembershipOldPage auth={auth} />
        </Route>
        <Route path="/trades/create">
          <CreateTradePage currentUser={auth.user} isLoadingUser={auth.isLoading} />
        </Route>
        <Route path="/debug">
          <DebugPage auth={auth} />
        </Route>
        <Route path="/browse" component={BrowsePage} />
        <Route path="/sneakers/:id">{(params) => <SneakerDetailPage id={Number(params.id)} />}</Route>
        <Route path="/coming-soon">
          <EarlyAccessPage showVisitorHeader={showVisitorHeader} />
        </Route>
        <Route path="/backup-signup">
          <EarlyAccessPage source="backup_signup_page" showVisitorHeader={showVisitorHeader} />
        </Route>
        <Route path="/simple-backup" component={SimpleBackupPage} />
        <Route path="/main-site">
          <LandingPage showVisitorHeader={showVisitorHeader} />
        </Route>
        <Route path="/admin/signups" component={AdminSignupsPage} />
        {/* Like /admin/signups: routable for everyone, the server decides who sees the data. */}
        <Route path="/admin/reports" component={AdminReportsPage} />
        <Route path="/admin/disputes" component={AdminDisputesPage} />
        <Route path="/admin/verification" component={AdminVerificationPage} />
        {/* Like the admin pages: routable for everyone, the server decides who works the queue (inspectors). */}
        <Route path="/inspection" component={InspectionQueuePage} />
        {/* "View on Blockchain": a public page for one escrow ledger entry. */}
        <Route path="/ledger/:hash">{(params) => <LedgerPage hash={params.hash} isSignedIn={auth.isAuthenticated} />}</Route>
        {/* The embedded identity provider sends the browser here to sign in. */}
        <Route path="/idp/interaction/:uid" component={InteractionPage} />

        {(auth.isLoading || !auth.isAuthenticated) && (
          <Route path="/original-landing">
            <LandingPage />
          </Route>
        )}

        {auth.isLoading ? (
          PROTECTED_PATHS.map((path) => (
            <Route key={path} path={path}>
              <PageSpinner label="Checking your session" outOfFlow />
            </Route>
          ))
        ) : auth.isAuthenticated ? (
          <>
            <Route path="/" component={HomePage} />
            <Route path="/locker" component={LockerPage} />
            <Route path="/trades" component={TradesPage} />
            <Route path="/messages">
              <MessagesPage conversationId={null} currentUserId={auth.user?.id ?? ''} />
            </Route>
            <Route path="/messages/:conversationId">
              {(params) => <MessagesPage conversationId={conversationIdOf(params.conversationId)} currentUserId={auth.user?.id ?? ''} />}
            </Route>
            <Route path="/wants" component={WantsPage} />
            <Route path="/matches" component={MatchesPage} />
            <Route path="/profile/:userId" component={ProfilePage} />
            <Route path="/analytics">
              <PortfolioAnalyticsPage auth={auth} />
            </Route>
            <Route path="/settings/notifications" component={NotificationSettingsPage} />
            <Route path="/settings/security" component={SecuritySettingsPage} />
            <Route path="/settings/addresses" component={AddressBookPage} />
            <Route path="/wallet" component={WalletPage} />
          </>
        ) : (
          <>
            <Route path="/" component={VisitorHomePage} />
            <Route path="/profile/:userId" component={PublicProfilePage} />
            {PROTECTED_PATHS.filter((path) => path !== '/' && path !== '/profile/:userId').map((path) => (
              <Route key={path} path={path} component={SignInRequiredPage} />
            ))}
          </>
        )}

        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </Suspense>
  );
}
