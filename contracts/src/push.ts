import { z } from 'zod';
import { NOTIFICATION_KINDS, NotificationPreferencesSchema, type NotificationKind } from './notifications';

/** The longest push service endpoint accepted (browsers' are a few hundred characters). */
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;

/** A browser's push subscription endpoint: the push service's address for it. */
export const PushEndpointSchema = z
  .string()
  .trim()
  .max(PUSH_ENDPOINT_MAX_LENGTH)
  .url()
  .refine((v) => /^https?:\/\//.test(v), 'The endpoint must be an http(s) address');

/** base64url, as PushSubscription.toJSON() gives its keys. */
const base64url = (max: number) =>
  z
    .string()
    .min(8)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+=*$/, 'Must be base64url');

/** POST /api/push/subscriptions: what PushSubscription.toJSON() gives (expirationTime is ignored). */
export const PushSubscriptionSchema = z.object({
  endpoint: PushEndpointSchema,
  keys: z.object({ p256dh: base64url(200), auth: base64url(100) }),
  expirationTime: z.number().nullable().optional(),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionSchema>;

/** DELETE /api/push/subscriptions: the endpoint to forget (the member's own only). */
export const PushUnsubscribeSchema = z.object({ endpoint: PushEndpointSchema });

/** GET /api/push/subscriptions/status?endpoint=: is this browser's subscription on for the member asking? */
export const PushSubscriptionStatusQuerySchema = z.object({ endpoint: PushEndpointSchema });
export interface PushSubscriptionStatus {
  /** True when the member asking gets pushes at this endpoint (a browser subscription alone is not enough: signing out removed it). */
  subscribed: boolean;
}

/** GET /api/push/public-key: the VAPID key browsers subscribe with (applicationServerKey). */
export interface PushPublicKey {
  publicKey: string;
}

/** What a push carries to the service worker (web/public/sw.js). */
export interface PushMessage {
  title: string;
  body: string;
  /** The page the notice opens, a path on this site (the trade, the loop, the bell). */
  url: string;
  /** Notices with the same tag replace each other on the device. */
  tag: string;
}

/**
 * GET/PUT /api/push/preferences: which kinds of notice are pushed to the member's devices (every kind
 * until they switch one off). A kind switched off in the notification preferences is not pushed either:
 * it is never stored.
 */
/** True for a time zone this runtime knows by its IANA name ("Europe/Paris", "America/New_York", "UTC"). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * Quiet hours (issue #45): pushes other than deadline reminders are held from `startHour` to
 * `endHour` (whole hours 0-23, the end not included; 22 to 7 spans midnight) in `timeZone`, and sent
 * when the window ends. They stay in the bell.
 */
export const QuietHoursSchema = z
  .strictObject({
    startHour: z.number().int().min(0).max(23),
    endHour: z.number().int().min(0).max(23),
    timeZone: z.string().trim().min(1).max(64).refine(isTimeZone, 'Unknown time zone'),
  })
  .refine((q) => q.startHour !== q.endHour, { message: 'Quiet hours must end at another hour than they start', path: ['endHour'] });
export type QuietHours = z.infer<typeof QuietHoursSchema>;

/** PUT /api/push/preferences: kinds switched on or off (those left out keep theirs), and quiet hours (null: none; left out: kept). */
export const PushPreferencesSchema = z.strictObject({
  kinds: NotificationPreferencesSchema.shape.kinds.default({}),
  quietHours: QuietHoursSchema.nullable().optional(),
});
export type PushPreferencesInput = z.input<typeof PushPreferencesSchema>;
export interface PushPreferences {
  /** Every kind, true when it is pushed. */
  kinds: Record<NotificationKind, boolean>;
  /** The member's quiet hours, or null for none. */
  quietHours: QuietHours | null;
}

/** Notices of a deadline: a ship-by near, a proposal expiring or expired, a receive window closing. */
const PUSH_DEADLINE_KINDS: readonly NotificationKind[] = ['trade.deadline-near', 'trade.proposal-expiring', 'trade.receive-closing', 'trade.expired'];

/**
 * The settings page's push choices: kinds grouped as a member thinks of them. Every kind is in exactly
 * one group (push.test.ts); a group is on when all its kinds are pushed.
 */
export const PUSH_KIND_GROUPS = [
  {
    id: 'trades',
    label: 'Trade and loop changes',
    kinds: NOTIFICATION_KINDS.filter((kind) => (kind.startsWith('trade.') || kind.startsWith('loop.')) && !PUSH_DEADLINE_KINDS.includes(kind)),
  },
  { id: 'deadlines', label: 'Deadline reminders and expiries', kinds: [...PUSH_DEADLINE_KINDS] },
  { id: 'messages', label: 'Messages', kinds: ['message.created'] },
  {
    id: 'matches',
    label: 'Matches and alerts for your wants, new listings you follow',
    kinds: ['match.found', 'want.alert', 'sneaker.created', 'follow.created'],
  },
  { id: 'account', label: 'Sign-ins and account security', kinds: NOTIFICATION_KINDS.filter((kind) => kind.startsWith('account.')) },
] as const satisfies ReadonlyArray<{ id: string; label: string; kinds: readonly NotificationKind[] }>;
