import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { STEP_UP_WINDOW_MINUTES } from '@soleswap/contracts/identity';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toUserMessage } from '../../../lib/api-client';
import { twoFactorKeys, useTwoFactorStatus, verifyCode, verifyPasskey } from '../api/two-factor';

/** Asks for a TOTP code, a recovery code or a passkey; `onDone(true)` once one was accepted. */
export function StepUpDialog({ onDone }: { onDone: (ok: boolean) => void }) {
  const status = useTwoFactorStatus();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const run = async (proof: () => Promise<unknown>) => {
    setIsBusy(true);
    setError(null);
    try {
      await proof();
      await queryClient.invalidateQueries({ queryKey: twoFactorKeys.status });
      onDone(true);
    } catch (failure) {
      setError(toUserMessage(failure, 'That did not work. Please try again.'));
    } finally {
      setIsBusy(false);
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(() => verifyCode(code));
  };

  const hasTotp = status.data?.totp ?? true;
  const hasPasskey = (status.data?.passkeys.length ?? 0) > 0;
  return (
    <Dialog
      open
      onOpenChange={(isOpen) => (isOpen ? undefined : onDone(false))}
      title="Confirm it’s you"
      description={`This action needs your second factor. It then counts for ${STEP_UP_WINDOW_MINUTES} minutes.`}
    >
      <div className="flex flex-col gap-4">
        {hasTotp ? (
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
            <Field label="Code from your authenticator app, or a recovery code" error={error ?? undefined}>
              <Input autoComplete="one-time-code" autoFocus value={code} onChange={(e) => setCode(e.target.value)} />
            </Field>
            <Button type="submit" disabled={isBusy || code.trim().length < 6}>
              {isBusy ? 'Checking...' : 'Confirm'}
            </Button>
          </form>
        ) : error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
        {hasPasskey ? (
          <Button variant="outline" disabled={isBusy} onClick={() => void run(verifyPasskey)}>
            Use a passkey
          </Button>
        ) : null}
        <Button variant="ghost" onClick={() => onDone(false)}>
          Cancel
        </Button>
      </div>
    </Dialog>
  );
}
