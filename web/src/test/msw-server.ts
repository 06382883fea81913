import { setupServer } from 'msw/node';
import { afterEach } from 'vitest';

/**
 * The MSW server of the web tests, started for every test file by setup.ts. Unhandled
 * requests fail the test, so every call a page makes is visible in the test's handlers.
 */
export const server = setupServer();

/*
 * MSW's `onUnhandledRequest: 'error'` only prints and turns the request into a
 * network error, which a page catches and shows as "failed to load": the test
 * still passes and the missing handler goes unnoticed. So every unhandled
 * request is also recorded here and fails the test that made it. The hook is
 * registered when setup.ts imports this module, so each file gets it.
 */
const unhandledRequests: string[] = [];
server.events.on('request:unhandled', ({ request }) => {
  const url = new URL(request.url);
  unhandledRequests.push(`${request.method} ${url.pathname}${url.search}`);
});

afterEach(() => {
  if (unhandledRequests.length === 0) return;
  const requests = unhandledRequests.splice(0);
  throw new Error(`Requests without an MSW handler (add one to the test): ${requests.join(', ')}`);
});
