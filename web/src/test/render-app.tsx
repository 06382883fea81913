import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { Providers } from '../app/providers';
import { createQueryClient, forgetSession } from '../lib/api-client';
import { clearToasts } from '../lib/toast';

/**
 * Renders `ui` with the app's providers, a fresh data cache and an in-memory
 * location starting at `path`. Returns the location so tests can read where
 * the app navigated (`history`). Toasts and the session state left by an
 * earlier test are cleared.
 */
export function renderWithApp(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  clearToasts();
  forgetSession();
  const location = memoryLocation({ path, record: true });
  const view = render(
    <Providers queryClient={createQueryClient()}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {ui}
      </Router>
    </Providers>,
  );
  return { ...view, location };
}
