import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from './identity';

/*
 * The embedded provider's account pages (docs/rules/sign-in.md#recovery-and-account-changes):
 * password reset, password and e-mail changes, and the member's sessions.
 */

/** How long a password-reset link works. */
export const RESET_LINK_MINUTES = 30;
/** How long the old address can undo an e-mail change. */
export const EMAIL_UNDO_DAYS = 7;
/** Failed sign-ins to one account before it is locked, and for how long. */
export const SIGN_IN_FAILURES_BEFORE_LOCK = 10;
export const SIGN_IN_LOCK_MINUTES = 15;

const email = z.string().trim().toLowerCase().email('Enter a valid e-mail address').max(254);
const newPassword = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const PasswordResetRequestSchema = z.object({ email });
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>;

export const ChangePasswordSchema = z.object({
  currentPassword: z.string().min(1, 'Enter your current password').max(PASSWORD_MAX),
  newPassword,
});
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;

export const ChangeEmailSchema = z.object({
  newEmail: email,
  currentPassword: z.string().min(1, 'Enter your current password').max(PASSWORD_MAX),
});
export type ChangeEmail = z.infer<typeof ChangeEmailSchema>;

/** The same answer whether or not the address has an account. */
export interface PasswordResetRequested {
  message: string;
}

/** One of the member's signed-in sessions. */
export interface AccountSession {
  /** A public handle of the session (a hash: the session id itself is a secret). */
  id: string;
  isCurrent: boolean;
  browser: string;
  os: string;
  /** desktop, mobile, tablet... */
  device: string;
  /** The address it signed in from, cut short (203.0.113.x), or null when unknown. */
  place: string | null;
  signedInAt: string | null;
  lastSeenAt: string;
}

export interface AccountSessions {
  sessions: AccountSession[];
}

/** What the security page shows about the account: whether the password and e-mail can be changed here. */
export interface AccountOverview {
  email: string | null;
  /** A local account of the embedded provider (its password and e-mail are changed here). */
  isLocalAccount: boolean;
}
