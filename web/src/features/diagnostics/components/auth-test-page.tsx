import { CreditCard, KeyRound, Play } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { Page } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { buttonClasses } from '../../../components/ui/button-classes';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { getCurrentUser } from '../../../lib/current-user';
import { createTestPayment } from '../api/create-test-payment';
import { useServerInfo } from '../api/get-server-info';
import { runAuthChecks, type DiagnosticResult } from '../auth-checks';
import type { AuthSnapshot } from '../auth-snapshot';
import { isDisabledError } from '../is-disabled-error';
import { DiagnosticResultCard } from './diagnostic-result-card';
import { DisabledNotice } from './disabled-notice';

/**
 * /auth-test (development tool): checks that login can work from this page,
 * on load and again whenever the login state changes.
 */
export function AuthTestPage({ auth }: { auth: AuthSnapshot }) {
  const serverInfo = useServerInfo();
  const [results, setResults] = useState<DiagnosticResult[]>([]);
  const [isRunning, setIsRunning] = useState(false);
  const latestRun = useRef(0);
  const isDisabled = isDisabledError(serverInfo.error);
  const appOrigins = serverInfo.data?.appOrigins ?? null;

  const ready = !auth.isLoading && !serverInfo.isLoading && !isDisabled;

  // A run starts on load and again whenever the login state changes: running from that render on.
  const [autoRunFor, setAutoRunFor] = useState<{ user: AuthSnapshot['user']; appOrigins: typeof appOrigins } | null>(null);
  if (ready && (autoRunFor?.user !== auth.user || autoRunFor?.appOrigins !== appOrigins)) {
    setAutoRunFor({ user: auth.user, appOrigins });
    setIsRunning(true);
  }

  const check = useCallback(async () => {
    const run = ++latestRun.current;
    const next = await runAuthChecks({
      origin: window.location.origin,
      appOrigins,
      user: auth.user,
      // Asked afresh, not read from the cache, so the page reports what the server says now.
      fetchCurrentUser: () => getCurrentUser(),
      createPayment: createTestPayment,
    });
    // A newer run (login state changed meanwhile) owns the screen.
    if (run !== latestRun.current) return;
    setResults(next);
    setIsRunning(false);
  }, [appOrigins, auth.user]);

  useEffect(() => {
    if (ready) void check();
  }, [ready, check]);

  const runTests = () => {
    setIsRunning(true);
    void check();
  };

  if (isDisabled) {
    return (
      <Page title="Authentication Test">
        <DisabledNotice />
      </Page>
    );
  }

  return (
    <Page
      title="Authentication Test"
      description="Development tool: can this page log in, and who is logged in?"
      actions={
        <>
          <Button onClick={() => void runTests()} disabled={isRunning}>
            <Play aria-hidden="true" />
            {isRunning ? 'Running...' : 'Run Tests'}
          </Button>
          <Link href="/emergency-auth" className={buttonClasses({ variant: 'outline' })}>
            <KeyRound aria-hidden="true" />
            Emergency Authentication
          </Link>
          <Link href="/membership" className={buttonClasses({ variant: 'outline' })}>
            <CreditCard aria-hidden="true" />
            Go to Membership
          </Link>
        </>
      }
    >
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[2fr_1fr]">
        <section aria-label="Test results" aria-busy={isRunning} className="flex flex-col gap-3">
          {results.length === 0 ? (
            <Spinner label="Running checks" />
          ) : (
            results.map((result) => <DiagnosticResultCard key={result.test} result={result} />)
          )}
        </section>
        <Card className="h-fit p-5">
          <h2 className="mb-2 font-semibold">To pay for membership</h2>
          <ol className="list-decimal space-y-1 pl-5 text-sm text-muted">
            <li>Log in (or use Emergency Authentication while developing).</li>
            <li>Make sure every check above passes.</li>
            <li>Open Membership and pay with a test card, e.g. 4242 4242 4242 4242.</li>
          </ol>
        </Card>
      </div>
    </Page>
  );
}
