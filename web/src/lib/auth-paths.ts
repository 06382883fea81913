/** Server routes the browser navigates to (full page loads, not fetches). */
export const LOGIN_PATH = '/api/login';
export const LOGOUT_PATH = '/api/logout';
/** The API call that says who is signed in (401 for a visitor). */
export const CURRENT_USER_PATH = '/api/auth/user';

/** Delay before a logged-out visitor is sent to the login address (see docs/web-client.md#timings-and-counts). */
export const LOGIN_REDIRECT_DELAY_MS = 500;
