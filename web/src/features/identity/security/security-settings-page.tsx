import { Spinner } from '../../../components/ui/spinner';
import { useAccountOverview } from '../api/account';
import { EmailSection } from './email-section';
import { PasswordSection } from './password-section';
import { SessionsSection } from './sessions-section';
import { TwoFactorSection } from '../two-factor/two-factor-section';

/**
 * /settings/security: a column of independent sections (each loads and saves on its own), so a
 * feature adds its section here (two factors, passkeys) without touching the others.
 */
export function SecuritySettingsPage() {
  const account = useAccountOverview();
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="font-display font-extrabold text-2xl tracking-tight sm:text-3xl">Security</h1>
        <p className="mt-2 text-sm text-muted">Your password, e-mail address and the places you are signed in.</p>
      </div>
      {account.isPending ? (
        <Spinner label="Loading your account" />
      ) : account.data?.isLocalAccount ? (
        <>
          <PasswordSection />
          <EmailSection email={account.data.email} />
        </>
      ) : (
        <p className="text-sm text-muted">Your password and e-mail address are kept by the provider you sign in with; change them there.</p>
      )}
      <TwoFactorSection />
      <SessionsSection />
    </div>
  );
}
