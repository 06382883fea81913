import { CheckCircle2, KeyRound, XCircle } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Page } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { goToUrl } from '../../../lib/browser-location';
import { toast } from '../../../lib/toast';
import { useForceAuth } from '../api/force-auth';
import { useServerInfo } from '../api/get-server-info';
import { isDisabledError } from '../is-disabled-error';
import { DisabledNotice } from './disabled-notice';

/** How long the success message shows before going to /membership (see docs/web-client.md#timings-and-counts). */
const REDIRECT_AFTER_MS = 2000;

type Failure = { title: string; description: string };

function describeFailure(error: unknown): Failure {
  if (error instanceof ApiError) {
    return { title: 'Authentication Failed', description: error.serverMessage ?? 'Unknown error occurred' };
  }
  // fetch rejects (TypeError) only when the server could not be reached at all.
  return { title: 'Network Error', description: 'Failed to connect to authentication service' };
}

/**
 * /emergency-auth (development tool): start a session as a test user without
 * the identity provider. Optional e-mail and username pick which user.
 */
export function EmergencyAuthPage() {
  // Asked on load so a server with the tools switched off says so before anyone types.
  const serverInfo = useServerInfo();
  const forceAuth = useForceAuth();
  const [email, setEmail] = useState('');
  const [username, setUsername] = useState('');
  const signedInEmail = forceAuth.data?.user.email ?? null;

  useEffect(() => {
    if (!forceAuth.isSuccess) return;
    // A full page load, so every cached answer is fetched again as the new user.
    const timer = setTimeout(() => goToUrl('/membership'), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [forceAuth.isSuccess]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    forceAuth.mutate(
      { email: email.trim() || undefined, username: username.trim() || undefined },
      {
        onError: (error) => {
          if (!isDisabledError(error)) toast({ ...describeFailure(error), variant: 'destructive' });
        },
      },
    );
  }

  if (isDisabledError(serverInfo.error) || isDisabledError(forceAuth.error)) {
    return (
      <Page title="Emergency Authentication">
        <DisabledNotice />
      </Page>
    );
  }

  const failure = forceAuth.isError ? describeFailure(forceAuth.error) : null;

  return (
    <Page title="Emergency Authentication" description="Development tool: sign in as a test user without the identity provider.">
      <div className="flex max-w-lg flex-col gap-4">
        <Card className="p-5">
          <form onSubmit={onSubmit} className="flex flex-col gap-4">
            <Field label="Email (optional)" hint="Leave empty to use the default test user.">
              <Input type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="off" />
            </Field>
            <Field label="Username (optional)">
              <Input value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="off" />
            </Field>
            <Button type="submit" size="lg" disabled={forceAuth.isPending || forceAuth.isSuccess}>
              <KeyRound aria-hidden="true" />
              {forceAuth.isPending ? 'Creating session...' : 'Force Authentication'}
            </Button>
          </form>
        </Card>

        <div aria-live="polite">
          {forceAuth.isSuccess ? (
            <Card className="flex items-start gap-3 border-success p-5">
              <CheckCircle2 aria-hidden="true" className="size-5 shrink-0 text-success" />
              <div>
                <p className="font-semibold">Authentication successful</p>
                <p className="text-sm text-muted">Signed in as {signedInEmail ?? 'the test user'}. Going to membership...</p>
              </div>
            </Card>
          ) : null}
          {failure ? (
            <Card role="alert" className="flex items-start gap-3 border-destructive p-5">
              <XCircle aria-hidden="true" className="size-5 shrink-0 text-destructive" />
              <div>
                <p className="font-semibold">{failure.title}</p>
                <p className="text-sm text-muted">{failure.description}</p>
              </div>
            </Card>
          ) : null}
        </div>
      </div>
    </Page>
  );
}
