import { setupServer } from 'msw/node';

/**
 * One MSW server per test file. Unhandled requests fail the test, so every
 * call a page makes is visible in the test's handlers.
 */
export const server = setupServer();
