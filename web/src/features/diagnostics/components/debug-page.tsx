import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Page } from '../../../components/layout/page';
import { buttonClasses } from '../../../components/ui/button-classes';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { LOGIN_PATH } from '../../../lib/auth-paths';
import { useServerInfo } from '../api/get-server-info';
import type { AuthSnapshot } from '../auth-snapshot';
import { isDisabledError } from '../is-disabled-error';
import { DisabledNotice } from './disabled-notice';
import { JsonBlock } from './json-block';

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-2 border-b border-border py-2 text-sm last:border-0">
      <dt className="text-muted">{label}</dt>
      <dd className="font-mono break-all">{value}</dd>
    </div>
  );
}

function formatUptime(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return hours > 0 ? `${hours} h ${minutes} min` : minutes > 0 ? `${minutes} min ${seconds % 60} s` : `${seconds} s`;
}

/** /debug (development tool): where the page runs, who is signed in, and the server's facts. */
export function DebugPage({ auth }: { auth: AuthSnapshot }) {
  const serverInfo = useServerInfo();
  const { hostname, protocol, port, href, origin } = window.location;

  if (isDisabledError(serverInfo.error)) {
    return (
      <Page title="Debug">
        <DisabledNotice />
      </Page>
    );
  }

  return (
    <Page title="Debug" description="Development tool: environment, login state and server facts.">
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Environment</CardTitle>
          </CardHeader>
          <CardContent>
            <dl>
              <Row label="Domain" value={hostname} />
              <Row label="Protocol" value={protocol} />
              <Row label="Port" value={port || '(default)'} />
              <Row label="URL" value={href} />
            </dl>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Authentication</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            <dl>
              <Row label="Loading" value={String(auth.isLoading)} />
              <Row label="Authenticated" value={String(auth.isAuthenticated)} />
            </dl>
            <JsonBlock label="User object" value={auth.user} />
          </CardContent>
        </Card>

        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>Server</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            {serverInfo.isLoading ? (
              <Spinner label="Loading server info" />
            ) : serverInfo.isError ? (
              <p role="alert" className="text-sm text-destructive">
                Could not load server info: {serverInfo.error.message}
              </p>
            ) : serverInfo.data ? (
              <>
                <p className="text-sm text-muted">
                  Login works only from the allowed origins below.{' '}
                  {serverInfo.data.appOrigins.includes(origin) ? 'This page is on one of them.' : `This page (${origin}) is not on the list.`}
                </p>
                <ul aria-label="Allowed origins" className="flex flex-wrap gap-2">
                  {serverInfo.data.appOrigins.map((appOrigin) => (
                    <li key={appOrigin} className="rounded-md bg-surface-raised px-2 py-1 font-mono text-xs">
                      {appOrigin}
                    </li>
                  ))}
                </ul>
                <dl>
                  <Row label="Node.js" value={serverInfo.data.nodeVersion} />
                  <Row label="NODE_ENV" value={serverInfo.data.nodeEnv} />
                  <Row label="Database" value={serverInfo.data.database === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'} />
                  <Row label="Version" value={serverInfo.data.version} />
                  <Row label="Uptime" value={formatUptime(serverInfo.data.uptimeSeconds)} />
                </dl>
                <JsonBlock label="Server info" value={serverInfo.data} />
              </>
            ) : null}
          </CardContent>
        </Card>
      </div>

      <nav aria-label="Debug shortcuts" className="mt-6 flex flex-wrap gap-2">
        <Link href="/" className={buttonClasses({ variant: 'outline' })}>
          Home
        </Link>
        <Link href="/browse" className={buttonClasses({ variant: 'outline' })}>
          Browse
        </Link>
        <Link href="/membership" className={buttonClasses({ variant: 'outline' })}>
          Membership
        </Link>
        <a href={LOGIN_PATH} className={buttonClasses()}>
          Log in (/api/login)
        </a>
      </nav>
    </Page>
  );
}
