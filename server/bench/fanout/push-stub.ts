import { createServer } from 'node:http';

/**
 * bench:fanout's push service: answers every Web Push POST to /push/<i> with 201, as a browser
 * vendor's service does, and keeps when each arrived (ms, performance.now()) and for which subscription.
 */
export async function startPushStub(port: number) {
  const arrivals: number[] = [];
  const endpoints = new Set<string>();
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      if (request.method === 'POST' && request.url?.startsWith('/push/')) {
        arrivals.push(performance.now());
        endpoints.add(request.url);
      }
      response.writeHead(201);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${port}`,
    /** Pushes received so far, and to how many distinct subscriptions. */
    get received() {
      return arrivals.length;
    },
    get distinct() {
      return endpoints.size;
    },
    /** When the k-th push arrived (1-based), ms on performance.now()'s clock, or null. */
    arrivalOf(k: number): number | null {
      return arrivals[k - 1] ?? null;
    },
    reset() {
      arrivals.length = 0;
      endpoints.clear();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
