import { Route, Switch } from 'wouter';
import { PageSpinner } from '../components/ui/spinner';
import { SiteAnalyticsPage } from '../features/analytics/components/site-analytics-page';
import { PortfolioAnalyticsPage } from '../features/analytics/components/portfolio-analytics-page';
import { AuthTestPage } from '../features/diagnostics/components/auth-test-page';
import { DebugPage } from '../features/diagnostics/components/debug-page';
import { EmergencyAuthPage } from '../features/diagnostics/components/emergency-auth-page';
import { AdminSignupsPage } from '../features/early-signups/components/admin-signups-page';
import { EarlyAccessPage } from '../features/early-signups/components/early-access-page';
import { SimpleBackupPage } from '../features/early-signups/components/simple-backup-page';
import { InteractionPage } from '../features/identity/components/interaction-page';
import { LandingPage } from '../features/landing/components/landing-page';
import { LedgerPage } from '../features/ledger/components/ledger-page';
import { MembershipOldPage } from '../features/payments/components/membership-old-page';
import { MembershipPage } from '../features/payments/components/membership-page';
import { PaymentTestPage } from '../features/payments/components/payment-test-page';
import { BrowsePage } from '../features/sneakers/components/browse-page';
import { LockerPage } from '../features/sneakers/components/locker-page';
import { SneakerLibraryPage } from '../features/sneakers/components/sneaker-library-page';
import { CreateTradePage } from '../features/trades/components/create-trade-page';
import { TradesPage } from '../features/trades/components/trades-page';
import { useCurrentUser } from '../features/users/api/get-current-user';
import { HomePage } from './pages/home-page';
import { ProfilePage } from './pages/profile-page';
import { NotFoundPage } from './pages/not-found-page';

/** Member-only paths: registered only for a signed-in user (spec 2, 6). */
const PROTECTED_PATHS = ['/', '/locker', '/trades', '/profile/:userId', '/analytics'] as const;

/**
 * The route table of spec 2 "Route availability". Protected routes do not
 * exist for visitors, so those paths fall through to the 404; while the login
 * state is still loading they show a spinner instead of a premature 404.
 */
export function AppRoutes() {
  const auth = useCurrentUser();

  return (
    <Switch>
      {/* Always available */}
      <Route path="/auth-test">
        <AuthTestPage auth={auth} />
      </Route>
      <Route path="/emergency-auth" component={EmergencyAuthPage} />
      <Route path="/analytics-dashboard" component={SiteAnalyticsPage} />
      <Route path="/sneaker-library" component={SneakerLibraryPage} />
      <Route path="/payment-test" component={PaymentTestPage} />
      <Route path="/membership" component={MembershipPage} />
      <Route path="/membership-old" component={MembershipOldPage} />
      <Route path="/trades/create">
        <CreateTradePage currentUser={auth.user} isLoadingUser={auth.isLoading} />
      </Route>
      <Route path="/debug">
        <DebugPage auth={auth} />
      </Route>
      <Route path="/browse" component={BrowsePage} />
      <Route path="/coming-soon">
        <EarlyAccessPage />
      </Route>
      <Route path="/backup-signup">
        <EarlyAccessPage source="backup_signup_page" />
      </Route>
      <Route path="/simple-backup" component={SimpleBackupPage} />
      <Route path="/main-site" component={LandingPage} />
      <Route path="/admin/signups" component={AdminSignupsPage} />
      {/* "View on Blockchain": a public page for one escrow ledger entry. */}
      <Route path="/ledger/:hash">{(params) => <LedgerPage hash={params.hash} />}</Route>
      {/* The embedded identity provider sends the browser here to sign in. */}
      <Route path="/idp/interaction/:uid" component={InteractionPage} />

      {(auth.isLoading || !auth.isAuthenticated) && <Route path="/original-landing" component={LandingPage} />}

      {auth.isLoading ? (
        PROTECTED_PATHS.map((path) => (
          <Route key={path} path={path}>
            <PageSpinner label="Checking your session" />
          </Route>
        ))
      ) : auth.isAuthenticated ? (
        <>
          <Route path="/" component={HomePage} />
          <Route path="/locker" component={LockerPage} />
          <Route path="/trades" component={TradesPage} />
          <Route path="/profile/:userId" component={ProfilePage} />
          <Route path="/analytics" component={PortfolioAnalyticsPage} />
        </>
      ) : (
        <Route path="/">
          <EarlyAccessPage />
        </Route>
      )}

      <Route component={NotFoundPage} />
    </Switch>
  );
}
