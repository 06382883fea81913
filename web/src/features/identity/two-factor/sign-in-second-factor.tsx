import { useState, type FormEvent } from 'react';
import type { SecondFactorNeeded } from '@soleswap/contracts/identity';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { ApiError, toUserMessage } from '../../../lib/api-client';
import { goToUrl } from '../../../lib/browser-location';
import { signInSecondFactor, signInWithPasskey } from '../api/two-factor';
import { FormError } from '../components/form-error';

/** A passkey answer the browser refused or the person cancelled: not the server's error. */
function passkeyMessage(error: unknown): string {
  if (error instanceof ApiError) return toUserMessage(error, 'That passkey could not be verified.');
  return 'No passkey was used. Try again, or sign in with your password.';
}

/** "Sign in with a passkey" on the provider's sign-in page: no password needed. */
export function PasskeySignIn({ uid, onExpired }: { uid: string; onExpired: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const onClick = async () => {
    setIsBusy(true);
    setError(null);
    try {
      goToUrl((await signInWithPasskey(uid)).redirectTo);
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'NOT_FOUND') onExpired();
      setError(passkeyMessage(failure));
      setIsBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <FormError message={error ?? undefined} />
      <Button variant="outline" size="lg" disabled={isBusy} onClick={() => void onClick()}>
        Sign in with a passkey
      </Button>
    </div>
  );
}

/** After the password, for an account whose every sign-in asks for the second factor. */
export function SecondFactorStep({ uid, needs, onExpired }: { uid: string; needs: SecondFactorNeeded['secondFactor']; onExpired: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setIsBusy(true);
    setError(null);
    try {
      goToUrl((await signInSecondFactor(uid, code)).redirectTo);
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'NOT_FOUND') onExpired();
      setError(toUserMessage(failure, 'That code does not match.'));
      setIsBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted">Your account asks for your second factor at every sign-in.</p>
      {needs.totp ? (
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-3">
          <Field label="Code from your authenticator app, or a recovery code" error={error ?? undefined}>
            <Input autoComplete="one-time-code" autoFocus value={code} onChange={(e) => setCode(e.target.value)} />
          </Field>
          <Button type="submit" size="lg" disabled={isBusy || code.trim().length < 6}>
            {isBusy ? 'Checking...' : 'Continue'}
          </Button>
        </form>
      ) : null}
      {needs.passkey ? <PasskeySignIn uid={uid} onExpired={onExpired} /> : null}
    </div>
  );
}
