import { useState, type FormEvent } from 'react';
import type { TotpSetup } from '@soleswap/contracts/identity';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toUserMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { usePasskeyAdding, usePasskeyRemoval, useTotpConfirm, useTotpRemoval, useTotpSetup, useTwoFactorStatus } from '../api/two-factor';
import { SecuritySection } from '../security/security-section';

const onError = (title: string) => (error: unknown) => toast({ title: toUserMessage(error, title), variant: 'destructive' });

/**
 * /settings/security's "Two-factor authentication": an authenticator app (TOTP, enrolled with a
 * QR code, with ten recovery codes shown once) and passkeys. Once one is set up every sign-in asks
 * for it, for every member (decisions §14). Adding or removing one asks for an existing factor first.
 */
export function TwoFactorSection() {
  const status = useTwoFactorStatus();
  const removeTotp = useTotpRemoval();
  const addPasskey = usePasskeyAdding();
  const removePasskey = usePasskeyRemoval();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const startSetup = useTotpSetup();

  return (
    <SecuritySection
      title="Two-factor authentication"
      description="A second step after your password: a code from an authenticator app, or a passkey. With one set up, every sign-in asks for it, and a high-value trade and changes to your account ask for it again when it is more than 10 minutes old."
    >
      {status.isPending ? (
        <Spinner label="Loading your second factors" />
      ) : status.isError ? (
        <p className="text-sm text-destructive">{toUserMessage(status.error, 'Your second factors could not be loaded')}</p>
      ) : (
        <div className="flex flex-col gap-6">
          {recoveryCodes ? (
            <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
          ) : setup ? (
            <TotpEnrolment
              setup={setup}
              onConfirmed={(codes) => {
                setSetup(null);
                setRecoveryCodes(codes);
              }}
              onCancel={() => setSetup(null)}
            />
          ) : (
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div className="text-sm">
                <p className="font-medium">Authenticator app</p>
                <p className="text-muted">{status.data.totp ? `On · ${status.data.recoveryCodesLeft} recovery codes left` : 'Off'}</p>
              </div>
              {status.data.totp ? (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={removeTotp.isPending}
                  onClick={() => removeTotp.mutate(undefined, { onError: onError('The app could not be removed') })}
                >
                  Remove
                </Button>
              ) : (
                <Button
                  size="sm"
                  disabled={startSetup.isPending}
                  onClick={() => startSetup.mutate(undefined, { onSuccess: setSetup, onError: onError('The set-up could not start') })}
                >
                  Set up an authenticator app
                </Button>
              )}
            </div>
          )}

          <div className="flex flex-col gap-3">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div className="text-sm">
                <p className="font-medium">Passkeys</p>
                <p className="text-muted">A passkey also signs you in without a password.</p>
              </div>
              <Button
                size="sm"
                variant="outline"
                disabled={addPasskey.isPending}
                onClick={() => addPasskey.mutate('Passkey', { onError: onError('The passkey was not added') })}
              >
                Add a passkey
              </Button>
            </div>
            {status.data.passkeys.length > 0 ? (
              <ul className="divide-y divide-border" aria-label="Passkeys">
                {status.data.passkeys.map((passkey) => (
                  <li key={passkey.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                    <span>
                      {passkey.name} · added {new Date(passkey.createdAt).toLocaleDateString()}
                    </span>
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={removePasskey.isPending}
                      onClick={() => removePasskey.mutate(passkey.id, { onError: onError('The passkey could not be removed') })}
                    >
                      Remove
                    </Button>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        </div>
      )}
    </SecuritySection>
  );
}

function TotpEnrolment({ setup, onConfirmed, onCancel }: { setup: TotpSetup; onConfirmed: (codes: string[]) => void; onCancel: () => void }) {
  const confirm = useTotpConfirm();
  const [code, setCode] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(code, { onSuccess: (result) => onConfirmed(result.recoveryCodes) });
  };
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
      <p className="text-sm">Scan this QR code with your authenticator app, then enter the 6-digit code it shows.</p>
      <img src={setup.qrDataUrl} alt="QR code for your authenticator app" width={220} height={220} className="rounded-lg bg-white" />
      <p className="text-sm text-muted">
        Or type this key: <code data-testid="totp-secret">{setup.secret}</code>
      </p>
      <Field label="Code from the app" error={confirm.isError ? toUserMessage(confirm.error, 'That code does not match') : undefined}>
        <Input autoComplete="one-time-code" inputMode="numeric" value={code} onChange={(e) => setCode(e.target.value)} />
      </Field>
      <div className="flex gap-2">
        <Button type="submit" disabled={confirm.isPending || code.trim().length < 6}>
          Turn on
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm font-medium">
        Your authenticator app is on. Keep these recovery codes somewhere safe: each works once, if you lose your phone. They are not shown again.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button onClick={onDone}>I have saved them</Button>
    </div>
  );
}
