/** Server routes the browser navigates to (full page loads, not fetches). */
export const LOGIN_PATH = '/api/login';
export const LOGOUT_PATH = '/api/logout';

/** Spec 9: delay before a logged-out visitor is sent to the login address. */
export const LOGIN_REDIRECT_DELAY_MS = 500;
