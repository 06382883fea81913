import type { AccountSession } from '@soleswap/contracts/account';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toUserMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useAccountSessions, useEndSessions } from '../api/account';
import { SecuritySection } from './security-section';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function describe(session: AccountSession): string {
  const device = session.device === 'desktop' ? '' : ` (${session.device})`;
  return `${session.browser} on ${session.os}${device}`;
}

/** The member's signed-in sessions; any other one can be signed out, or all others at once. */
export function SessionsSection() {
  const sessions = useAccountSessions();
  const end = useEndSessions();
  const onError = (error: unknown) => toast({ title: toUserMessage(error, 'The session could not be signed out'), variant: 'destructive' });
  const list = sessions.data?.sessions ?? [];
  const hasOthers = list.some((s) => !s.isCurrent);

  return (
    <SecuritySection title="Sessions" description="Where your account is signed in. Signing a session out also ends its live updates.">
      {sessions.isPending ? (
        <Spinner label="Loading your sessions" />
      ) : sessions.isError ? (
        <p className="text-sm text-destructive">{toUserMessage(sessions.error, 'Your sessions could not be loaded')}</p>
      ) : (
        <>
          <ul className="divide-y divide-border" aria-label="Signed-in sessions">
            {list.map((session) => (
              <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="text-sm">
                  <p className="font-medium">
                    {describe(session)}
                    {session.isCurrent ? <span className="ml-2 text-accent">This session</span> : null}
                  </p>
                  <p className="text-muted">
                    {session.place ? `From ${session.place} · ` : ''}Last seen {when(session.lastSeenAt)}
                    {session.signedInAt ? ` · Signed in ${when(session.signedInAt)}` : ''}
                  </p>
                </div>
                {session.isCurrent ? null : (
                  <Button variant="outline" size="sm" disabled={end.isPending} onClick={() => end.mutate({ id: session.id }, { onError })}>
                    Sign out
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {hasOthers ? (
            <Button variant="destructive" className="mt-4" disabled={end.isPending} onClick={() => end.mutate('others', { onError })}>
              Sign out all other sessions
            </Button>
          ) : null}
        </>
      )}
    </SecuritySection>
  );
}
