import { z } from 'zod';
import { emptyToUndefined } from './list-query';
import { shownNameCheck } from './names';

export const DEFAULT_SIGNUP_SOURCE = 'coming_soon_page';

const NAME_REQUIRED = 'Name is required';
const EMAIL_REQUIRED = 'E-mail is required';

/** POST /api/early-signup */
export const EarlySignupSchema = z.object({
  name: z.string({ error: NAME_REQUIRED }).trim().min(1, { message: NAME_REQUIRED, abort: true }).max(120).superRefine(shownNameCheck('Name')),
  // An empty box is "required", not "invalid": `abort` stops the format check from running on it.
  email: z
    .string({ error: EMAIL_REQUIRED })
    .trim()
    .toLowerCase()
    .min(1, { message: EMAIL_REQUIRED, abort: true })
    .email('Enter a valid e-mail address')
    .max(254),
  /** The client's clock; informational only, the server stores its own time. */
  signupDate: z.string().datetime().optional(),
  source: z.string().trim().min(1).max(64).optional(),
});
export type EarlySignupInput = z.infer<typeof EarlySignupSchema>;

export interface EarlySignup {
  id: number;
  name: string;
  email: string;
  signupDate: string;
  source: string;
  notified: boolean;
  ipAddress: string | null;
  userAgent: string | null;
}

/** The admin list: a page at a time, newest first. */
export const EARLY_SIGNUPS_PAGE_DEFAULT = 50;
export const EARLY_SIGNUPS_PAGE_MAX = 200;
export const EARLY_SIGNUPS_SEARCH_MAX = 100;

const LIMIT_MESSAGE = `Limit must be a number from 1 to ${EARLY_SIGNUPS_PAGE_MAX}`;

/** GET /api/admin/early-signups?q=&limit=&cursor= (the next cursor comes in `X-Next-Cursor`). */
export const EarlySignupListQuerySchema = z.object({
  /** Part of a name or e-mail, any case. */
  q: z.preprocess(
    emptyToUndefined,
    z.string().trim().max(EARLY_SIGNUPS_SEARCH_MAX, `Search text must be at most ${EARLY_SIGNUPS_SEARCH_MAX} characters`).optional(),
  ),
  limit: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: LIMIT_MESSAGE })
      .int(LIMIT_MESSAGE)
      .min(1, LIMIT_MESSAGE)
      .max(EARLY_SIGNUPS_PAGE_MAX, LIMIT_MESSAGE)
      .default(EARLY_SIGNUPS_PAGE_DEFAULT),
  ),
  cursor: z.preprocess(emptyToUndefined, z.string().max(256, 'Invalid cursor').optional()),
});
export type EarlySignupListQuery = z.infer<typeof EarlySignupListQuerySchema>;

/** GET /api/admin/early-signups/summary: the counters above the list. */
export interface EarlySignupSummary {
  total: number;
  /** Signed up since midnight UTC. */
  today: number;
  /** Distinct domains of the e-mails. */
  uniqueDomains: number;
}

/** The CSV's columns, in order. */
export const EARLY_SIGNUPS_CSV_COLUMNS = ['Name', 'Email', 'Signup Date', 'Source', 'Notified', 'IP Address'] as const;

/** soleswap-signups-YYYY-MM-DD.csv (UTC date). */
export function earlySignupsCsvFileName(now: Date): string {
  return `soleswap-signups-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * LAUNCH_STATE (server environment): `open`, trading is live and a visitor's `/` is the landing
 * page (the default); `early-access`, before launch, a visitor's `/` is the waiting list.
 */
export const LAUNCH_STATES = ['open', 'early-access'] as const;
export type LaunchState = (typeof LAUNCH_STATES)[number];

/** GET /api/launch */
export interface LaunchConfig {
  launchState: LaunchState;
}
