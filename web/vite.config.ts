import { fileURLToPath } from 'node:url';
import type { IncomingMessage } from 'node:http';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_SERVER = 'http://localhost:5000';

/**
 * The identity provider redirects the browser to /idp/interaction/:uid, a page
 * this app renders, while the form posts under that path go to the server.
 * Serve the page itself from Vite so the dev setup behaves like production.
 */
function serveInteractionPage(req: IncomingMessage): string | undefined {
  const isPageRequest =
    req.method === 'GET' && /^\/idp\/interaction\/[^/?]+\/?(\?.*)?$/.test(req.url ?? '') && (req.headers.accept ?? '').includes('text/html');
  return isPageRequest ? '/index.html' : undefined;
}

export default defineConfig({
  // Resolve paths from this folder whatever the working directory is.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: API_SERVER, changeOrigin: false },
      '/uploads': { target: API_SERVER, changeOrigin: false },
      '/idp': { target: API_SERVER, changeOrigin: false, bypass: serveInteractionPage },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each page needs (npm run bench:web adds up their sizes).
    manifest: true,
    rolldownOptions: {
      output: {
        // Fewer, larger shared chunks: the automatic split made one file per icon and per small
        // helper, ~50 requests for /browse. The groups below keep what a visitor's first page needs
        // apart from member-only code (measured by `npm run bench:web`, docs/benchmarks.md).
        codeSplitting: {
          groups: [
            // Everything the entry needs before the first render, in one file.
            { name: 'app', tags: ['$initial'], priority: 30 },
            // The Radix pieces every form control uses (label, slot, primitive), small and shared.
            {
              name: 'radix-base',
              test: /node_modules[\\/]@radix-ui[\\/](react-primitive|react-slot|react-compose-refs|react-label)[\\/]/,
              minShareCount: 2,
              priority: 20,
            },
            // The rest of Radix and its positioning and focus helpers: dialogs, menus, tooltips.
            {
              name: 'radix',
              test: /node_modules[\\/](@radix-ui|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-sidecar|use-callback-ref|aria-hidden|get-nonce|tslib)[\\/]/,
              minShareCount: 2,
              priority: 10,
            },
            // Icons shared between pages, one file instead of one per icon.
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, minShareCount: 2, priority: 10 },
            // The app's shared UI atoms and helpers, and the contracts' plain values (no schemas).
            // Not the Radix-based dialog, tabs and toasts: a group takes its modules' imports along.
            {
              name: 'shared',
              test: (id: string) =>
                (/[\\/]web[\\/]src[\\/](components|lib)[\\/]/.test(id) && !/[\\/](dialog|tabs|toaster)\.tsx$/.test(id)) ||
                // Not the address book's country and region lists (1.8 KB gzip), used by member
                // address forms only, kept off the visitor's landing page (#44).
                (/[\\/]contracts[\\/]src[\\/][\w-]+-values\.ts$/.test(id) && !/[\\/]addresses-values\.ts$/.test(id)),
              minShareCount: 2,
              priority: 5,
            },
          ],
        },
      },
    },
  },
});
