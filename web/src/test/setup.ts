import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './msw-server';

/*
 * Registered for every web test file (`setupFiles` of the web project in vitest.config.ts), so a
 * test only declares the handlers it needs with `server.use(...)`. Each test starts with no
 * handlers and an empty page; a request nobody handles fails the test (see msw-server.ts).
 */
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());
