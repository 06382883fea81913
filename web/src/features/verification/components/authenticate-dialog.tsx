import { VERIFICATION_CHECKS, VERIFICATION_PROGRESS, type VerificationResult } from '@soleswap/contracts/verification';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../lib/toast';
import { useVerifySneaker } from '../api/verify-sneaker';
import { VerificationResultView } from './verification-result';

type Stage = keyof typeof VERIFICATION_PROGRESS;

interface AuthenticateDialogProps {
  /** The sneaker to verify; the dialog is closed while null. */
  sneaker: { id: number; name: string } | null;
  onClose: () => void;
}

/**
 * Authenticate Sneaker: ready (Start Verification), verifying (progress 50), complete (progress
 * 100, the result and Done). A failure goes back to ready; closing always resets to ready.
 */
export function AuthenticateDialog({ sneaker, onClose }: AuthenticateDialogProps) {
  const verify = useVerifySneaker();
  const [stage, setStage] = useState<Stage>('ready');
  const [result, setResult] = useState<VerificationResult | null>(null);

  function close() {
    setStage('ready');
    setResult(null);
    verify.reset();
    onClose();
  }

  function start() {
    if (!sneaker) return;
    setStage('verifying');
    verify.mutate(sneaker.id, {
      onSuccess: (answer) => {
        setResult(answer);
        setStage('complete');
        toast({
          title: 'Verification Complete',
          description: `${sneaker.name} has been ${answer.isAuthentic ? 'authenticated' : 'flagged for review'}`,
          variant: answer.isAuthentic ? 'default' : 'destructive',
        });
      },
      onError: () => {
        setStage('ready');
        toast({ title: 'Verification Failed', description: 'Unable to verify sneaker. Please try again.', variant: 'destructive' });
      },
    });
  }

  const progress = VERIFICATION_PROGRESS[stage];
  return (
    <Dialog
      open={sneaker !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title="Authenticate Sneaker"
      description={
        sneaker
          ? `${sneaker.name}: ${VERIFICATION_CHECKS.length} checks against the catalogue, market prices, its photo and its owner's history.`
          : undefined
      }
    >
      <div className="flex flex-col gap-4">
        <div
          role="progressbar"
          aria-label="Verification progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          className="h-2 overflow-hidden rounded-full bg-surface-raised"
        >
          <div className="h-full bg-accent transition-[width]" style={{ width: `${progress}%` }} />
        </div>

        {stage === 'ready' ? (
          <Button onClick={start}>
            <ShieldCheck aria-hidden="true" />
            Start Verification
          </Button>
        ) : null}
        {stage === 'verifying' ? (
          <p role="status" className="text-sm text-muted">
            Verifying: checking the catalogue, market prices and the photo...
          </p>
        ) : null}
        {stage === 'complete' && result ? (
          <>
            <VerificationResultView result={result} />
            <Button onClick={close}>Done</Button>
          </>
        ) : null}
      </div>
    </Dialog>
  );
}
