/**
 * Durations in milliseconds, declared once for contracts, server and web (a lint rule forbids
 * declaring them anywhere else). Calendar helpers that need a zone live with their users.
 */
export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
export const WEEK_MS = 7 * DAY_MS;
