import { z } from 'zod';
import { USERNAME_MAX } from './users';
import { shownNameCheck } from './names';

/** Minimum password length for local accounts of the embedded provider. */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;

export const SignInSchema = z.object({
  email: z.string().trim().toLowerCase().email('Enter a valid e-mail address').max(254),
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX),
});
export type SignIn = z.infer<typeof SignInSchema>;

export const SignUpSchema = z.object({
  email: z.string().trim().toLowerCase().email('Enter a valid e-mail address').max(254),
  password: z
    .string()
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
  username: z
    .string()
    .trim()
    .min(2, 'Username must be at least 2 characters')
    .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
    .regex(/^[a-zA-Z0-9_.-]+$/, 'Use letters, digits, dot, dash or underscore'),
  firstName: z.string().trim().max(64).superRefine(shownNameCheck('First name')).optional(),
  lastName: z.string().trim().max(64).superRefine(shownNameCheck('Last name')).optional(),
});
export type SignUp = z.infer<typeof SignUpSchema>;

/** Answer of the interaction endpoints: where the browser goes next. */
export interface InteractionResult {
  redirectTo: string;
}

/** How long a second factor counts as recent for step-up (issue #32). */
export const STEP_UP_WINDOW_MINUTES = 10;
/**
 * Wrong second-factor codes (TOTP or recovery code, at step-up or at sign-in's code step) an account
 * may get within SECOND_FACTOR_FAILURE_WINDOW_MINUTES before its code step locks for
 * SECOND_FACTOR_LOCK_MINUTES (issue #39): at most 5 guesses an hour, about 1% over 30 days of
 * trying, where 10 a minute without a lock gave about 73%.
 */
export const SECOND_FACTOR_FAILURES_BEFORE_LOCK = 5;
export const SECOND_FACTOR_FAILURE_WINDOW_MINUTES = 15;
export const SECOND_FACTOR_LOCK_MINUTES = 60;
/** How many single-use recovery codes a TOTP enrolment gives. */
export const RECOVERY_CODE_COUNT = 10;

/** A TOTP code (6 digits) or a recovery code (xxxxx-xxxxx), as the member types it. */
export const SecondFactorCodeSchema = z.object({
  code: z.string().trim().min(6, 'Enter the 6-digit code or a recovery code').max(40, 'Enter the 6-digit code or a recovery code'),
});
export type SecondFactorCode = z.infer<typeof SecondFactorCodeSchema>;

/** A WebAuthn answer from @simplewebauthn/browser, checked in depth by the server library. */
export const WebAuthnResponseSchema = z.object({
  response: z.record(z.string(), z.unknown()).refine((r) => typeof r.id === 'string' && r.id.length <= 1024, 'Not a passkey answer'),
});
export const PasskeyRegistrationSchema = WebAuthnResponseSchema.extend({
  name: z.string().trim().min(1, 'Name this passkey').max(60).default('Passkey'),
});
export type PasskeyRegistration = z.infer<typeof PasskeyRegistrationSchema>;

export const SignInRuleSchema = z.object({ everySignIn: z.boolean() });
export type SignInRule = z.infer<typeof SignInRuleSchema>;

/** GET /api/two-factor: the member's second factors, never their secrets. */
export interface TwoFactorStatus {
  totp: boolean;
  passkeys: Array<{ id: string; name: string; createdAt: string; lastUsedAt: string | null }>;
  recoveryCodesLeft: number;
  /** Until when the last second factor counts as recent (ISO), or null. */
  recentUntil: string | null;
  /** Premium's Enhanced Security: every sign-in asks for the second factor. */
  everySignIn: boolean;
  /** Whether the member may turn that rule on (premium members). */
  canRequireEverySignIn: boolean;
}

/** POST /api/two-factor/totp/setup: the secret to scan (shown until confirmed). */
export interface TotpSetup {
  secret: string;
  otpauthUrl: string;
  /** The otpauth URL as a QR code, a data:image/png URL. */
  qrDataUrl: string;
}

/** POST /api/two-factor/totp/confirm: the recovery codes, shown this once. */
export interface TotpConfirmed {
  recoveryCodes: string[];
}

/** The password step answered this instead of a redirect: the account asks for its second factor. */
export interface SecondFactorNeeded {
  secondFactor: { totp: boolean; passkey: boolean };
}

/**
 * What the membership pages say about security, word for word (decisions §14): a second factor,
 * once enrolled, is asked at every sign-in for every member; it is not a paid feature.
 */
export const SECURITY_FOR_EVERY_MEMBER =
  'Security is not a paid feature: once you add a second factor (a code from an authenticator app, or a passkey), every sign-in asks for it, with or without premium.';
/**
 * Premium's Enhanced Security, as the membership pages say it, word for word (decisions §14;
 * server/src/modules/identity/enhanced-security.ts and new-device/ do exactly this).
 */
export const ENHANCED_SECURITY_TEXT =
  "Premium's Enhanced Security adds two things: your second factor is asked before every money and address action, whatever the amount (add one first in Security settings), and a sign-in from a new device must be confirmed from a link we e-mail you before that session may move money or change addresses.";
/** What the VERIFIED tag needs, as the membership pages say it (decisions §14). */
export const VERIFIED_TAG_TEXT = 'The VERIFIED tag means a verified member: premium, a confirmed e-mail address and a second factor set up.';

/** Premium's Enhanced Security: how long the e-mailed link confirming a sign-in from a new device works. */
export const DEVICE_LINK_HOURS = 24;

/** The token of a new device's confirmation link (POST /api/auth/confirm-device). */
export const ConfirmDeviceSchema = z.object({ token: z.string().trim().min(1, 'The link has no token').max(200, 'The link is cut off or altered') });
export type ConfirmDevice = z.infer<typeof ConfirmDeviceSchema>;

/** GET /api/auth/device-confirmation: whether this session waits for its new-device link (premium's Enhanced Security). */
export interface DeviceConfirmationStatus {
  /** True until the link mailed for this sign-in is opened: money and address actions answer DEVICE_UNCONFIRMED. */
  unconfirmed: boolean;
}
