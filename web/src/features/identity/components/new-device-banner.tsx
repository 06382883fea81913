import { MailCheck } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { toUserMessage } from '../../../lib/api-client';
import { useDeviceConfirmation, useResendDeviceLink } from '../api/device-confirmation';

/**
 * Premium's Enhanced Security (docs/rules/sign-in.md#premiums-enhanced-security): a session that
 * signed in from a new device is told, on every page, why its money and address actions are
 * refused until the e-mailed link is opened, and may ask for a new link.
 */
export function NewDeviceBanner({ isSignedIn }: { isSignedIn: boolean }) {
  const status = useDeviceConfirmation(isSignedIn);
  const resend = useResendDeviceLink();
  if (!status.data?.unconfirmed) return null;
  return (
    <div role="status" className="border-b border-premium/40 bg-premium/10 px-4 py-3 text-sm">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3">
        <MailCheck aria-hidden="true" className="size-5 shrink-0 text-premium" />
        <p className="min-w-0 flex-1">
          This sign-in is from a new device. Open the link we e-mailed you to confirm it: until then, this session cannot move money or change
          addresses. Everything else works.
        </p>
        {resend.isSuccess ? (
          <span>A new link is on its way; the one before no longer works.</span>
        ) : (
          <Button size="sm" variant="outline" onClick={() => resend.mutate()} disabled={resend.isPending}>
            Send a new link
          </Button>
        )}
        {resend.isError ? <span className="text-destructive">{toUserMessage(resend.error, 'Could not send a new link.')}</span> : null}
      </div>
    </div>
  );
}
