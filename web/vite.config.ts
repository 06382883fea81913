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
    req.method === 'GET' &&
    /^\/idp\/interaction\/[^/?]+\/?(\?.*)?$/.test(req.url ?? '') &&
    (req.headers.accept ?? '').includes('text/html');
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
  },
});
