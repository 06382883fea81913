import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './msw-server';

/*
 * Registered for every web test file (`setupFiles` of the web project in vitest.config.ts), so a
 * test only declares the handlers it needs with `server.use(...)`. Each test starts with no
 * handlers and an empty page; a request nobody handles fails the test (see msw-server.ts).
 */
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

/* How long findBy and waitFor wait: WEB_FIND_TIMEOUT_MS, set by vitest.config.ts from TEST_TIMEOUT_SCALE. */
configure({ asyncUtilTimeout: Number(process.env.WEB_FIND_TIMEOUT_MS ?? 3_000) });

/*
 * Some UI arrives on first use (React.lazy, see docs/benchmarks.md): the toast area, the member's
 * app bar, the card menus and their dialogs. Loading those modules once up front keeps a test's
 * wait for them as short as in a browser; they still appear a render later, so tests find them
 * with `findBy...`.
 */
beforeAll(async () => {
  await Promise.all([
    import('../components/ui/toaster'),
    import('../app/layout/nav-bar'),
    import('../features/moderation/components/report-listing-menu'),
    import('../features/sneakers/components/sneaker-owner-menu'),
    import('../features/sneakers/components/edit-sneaker-dialog'),
    import('../features/sneakers/components/delete-sneaker-dialog'),
  ]);
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());
