import type { Sneaker } from '@soleswap/contracts/sneakers';
import { useState } from 'react';
import { LockerPage } from '../../features/sneakers/components/locker-page';
import { useBatchVerify } from '../../features/verification/api/batch-verify';
import { AuthenticateDialog } from '../../features/verification/components/authenticate-dialog';
import { toast } from '../../lib/toast';

/** My Locker with verification wired in: the Authenticate dialog per sneaker and Verify All. */
export function LockerRoute() {
  const [verifying, setVerifying] = useState<Sneaker | null>(null);
  const batch = useBatchVerify();

  function verifyAll(sneakers: Sneaker[]) {
    batch.mutate(
      sneakers.map((s) => s.id),
      {
        onSuccess: ({ verified, flagged }) =>
          toast({
            title: 'Batch Verification Complete',
            description: `Successfully verified ${verified} sneakers${flagged > 0 ? `; ${flagged} flagged for review` : ''}`,
          }),
        onError: () => toast({ title: 'Verification Failed', description: 'Unable to verify sneakers. Please try again.', variant: 'destructive' }),
      },
    );
  }

  return (
    <>
      <LockerPage onVerify={setVerifying} onVerifyAll={verifyAll} isVerifyingAll={batch.isPending} />
      <AuthenticateDialog sneaker={verifying} onClose={() => setVerifying(null)} />
    </>
  );
}
