import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppShell } from './app/app-shell';
import { registerServiceWorker } from './app/offline/register-service-worker';
import { Providers } from './app/providers';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

const root = createRoot(container);
// The first render as a transition: React renders it in slices of a few milliseconds and lets the
// browser in between, instead of one long task while the page loads
// (docs/performance/web-first-render.md).
startTransition(() => {
  root.render(
    <StrictMode>
      <Providers>
        <AppShell />
      </Providers>
    </StrictMode>,
  );
});

registerServiceWorker();
