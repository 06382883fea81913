import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { setStepUpHandler } from '../../../lib/api-client';

const StepUpDialog = lazy(() => import('./step-up-dialog').then((m) => ({ default: m.StepUpDialog })));

/**
 * Registers the step-up dialog with the API client (issue #32): a call refused with
 * STEP_UP_REQUIRED opens it, and the call is retried once the member gave their second factor.
 * Calls refused together share one dialog. The dialog's code loads only when it is first needed.
 */
export function StepUpHost() {
  const [isOpen, setIsOpen] = useState(false);
  const open = useRef<{ promise: Promise<boolean>; resolve: (ok: boolean) => void } | null>(null);

  useEffect(() => {
    setStepUpHandler(() => {
      if (!open.current) {
        let resolve: (ok: boolean) => void = () => undefined;
        const promise = new Promise<boolean>((r) => (resolve = r));
        open.current = { promise, resolve };
        setIsOpen(true);
      }
      return open.current.promise;
    });
    return () => setStepUpHandler(null);
  }, []);

  const onDone = (ok: boolean) => {
    open.current?.resolve(ok);
    open.current = null;
    setIsOpen(false);
  };

  return isOpen ? (
    <Suspense fallback={null}>
      <StepUpDialog onDone={onDone} />
    </Suspense>
  ) : null;
}
