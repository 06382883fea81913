import * as Tooltip from '@radix-ui/react-tooltip';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from '../components/ui/toaster';
import { queryClient as defaultQueryClient } from '../lib/api-client';

interface ProvidersProps {
  children: ReactNode;
  /** Tests pass a fresh client so cached answers never leak between them. */
  queryClient?: QueryClient;
}

/** Everything the pages expect above them: data cache, tooltips, toasts. */
export function Providers({ children, queryClient = defaultQueryClient }: ProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <Tooltip.Provider delayDuration={300}>
        {children}
        <Toaster />
      </Tooltip.Provider>
    </QueryClientProvider>
  );
}
