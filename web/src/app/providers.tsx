import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { queryClient as defaultQueryClient } from '../lib/api-client';
import { useHasToasted } from '../lib/toast';
import { StepUpHost } from '../features/identity/two-factor/step-up-host';

const Toaster = lazy(() => import('../components/ui/toaster').then((m) => ({ default: m.Toaster })));

/** The toast area, fetched with the first toast: most visits never raise one (docs/benchmarks.md). */
function ToasterOnDemand() {
  return useHasToasted() ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

interface ProvidersProps {
  children: ReactNode;
  /** Tests pass a fresh client so cached answers never leak between them. */
  queryClient?: QueryClient;
}

/** Everything the pages expect above them: data cache and toasts (tooltips bring their own provider). */
export function Providers({ children, queryClient = defaultQueryClient }: ProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <StepUpHost />
      <ToasterOnDemand />
    </QueryClientProvider>
  );
}
