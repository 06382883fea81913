import { z } from 'zod';
import { idCursorSchema, recordIdSchema } from './list-query';

/**
 * Every kind of in-app notification, in the order the settings page lists them. Each member may
 * switch any of them off; all are on until they do.
 */
export const NOTIFICATION_KINDS = [
  'trade.proposed',
  'trade.accepted',
  'trade.rejected',
  'trade.countered',
  'trade.cancelled',
  'trade.shipped',
  /** The carrier is sending a parcel of the member's trade back to its sender, or could not deliver it. */
  'trade.parcel-exception',
  'trade.received',
  'trade.completed',
  'trade.disputed',
  'trade.resolved',
  /** A pair going back to its owner after a refund ruling was shipped back, or its owner confirmed it arrived. */
  'trade.return',
  'trade.expired',
  'trade.deadline-near',
  /** A proposal the member received expires within 6 hours and is still unanswered (once per trade). */
  'trade.proposal-expiring',
  /** The member's receive window (to confirm the pair arrived as described, or dispute) closes within 24 hours (once per trade). */
  'trade.receive-closing',
  /** A step of a pair's journey through the authentication centre. */
  'trade.inspection',
  /** A pair failed authentication at the centre: what failed, the inspector's notes and photos, what happens to the holds. */
  'trade.inspection-failed',
  /** An appeal of a captured protection hold was filed, or an admin ruled on it (with the admin's note). */
  'trade.hold-appeal',
  /** The member's card (given with their proposal) was declined when the other member tried to accept: the trade is still pending. */
  'trade.card-declined',
  'message.created',
  'follow.created',
  'sneaker.created',
  'match.found',
  /** A listing (new, or whose price changed) fits one of the member's wants: release, size, condition and price ceiling (at most one an hour per want). */
  'want.alert',
  /** A clearing proposed a loop trade the member is in. */
  'loop.proposed',
  /** Every member of a loop accepted with a ship-to: it is binding, ship to the next member. */
  'loop.active',
  /** A leg of one of the member's loops shipped. */
  'loop.shipped',
  /** A leg of one of the member's loops was received (the last one completes the loop). */
  'loop.received',
  /** A loop ended without completing (declined, expired, cancelled or disputed). */
  'loop.closed',
  /** A sign-in from a browser the member never signed in with before. */
  'account.signed-in',
  /** Wrong second-factor codes locked the account's code step for a while (issue #39). */
  'account.code-locked',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * Deadline reminders: always in the bell (a member cannot switch them off there, issue #45), sent
 * once per trade and member, and pushed even in quiet hours.
 */
export const DEADLINE_REMINDER_KINDS = [
  'trade.deadline-near',
  'trade.proposal-expiring',
  'trade.receive-closing',
] as const satisfies readonly NotificationKind[];

/**
 * Kinds whose e-mail is off until the member switches it on (issue #45): frequent or low-stakes
 * notices. Every other kind is e-mailed until switched off.
 */
export const NOTIFICATION_EMAIL_DEFAULT_OFF = [
  'trade.inspection',
  'message.created',
  'follow.created',
  'sneaker.created',
  'match.found',
  'want.alert',
] as const satisfies readonly NotificationKind[];

/**
 * Kinds always e-mailed, whatever the member chose (shown on and not switchable): the deadline
 * reminders (issue #45), and the account-security notices, whose e-mail the identity module sends
 * itself so that whoever took over an account cannot silence it.
 */
export const NOTIFICATION_EMAIL_ALWAYS = [
  ...DEADLINE_REMINDER_KINDS,
  'account.signed-in',
  'account.code-locked',
] as const satisfies readonly NotificationKind[];

/** Whether `kind` is e-mailed to a member who made the `choices` they made (kinds left out keep their default). */
export function isNotificationEmailed(kind: NotificationKind, choices: Readonly<Record<string, boolean>>): boolean {
  if ((NOTIFICATION_EMAIL_ALWAYS as readonly string[]).includes(kind)) return true;
  const chosen = choices[kind];
  if (typeof chosen === 'boolean') return chosen;
  return !(NOTIFICATION_EMAIL_DEFAULT_OFF as readonly string[]).includes(kind);
}

/** Labels for the settings page, one switch per kind. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  'trade.proposed': 'New trade proposals',
  'trade.accepted': 'A trade was accepted',
  'trade.rejected': 'A trade was rejected',
  'trade.countered': 'Counter-offers',
  'trade.cancelled': 'Cancellations and cancel requests',
  'trade.shipped': 'The other side shipped',
  'trade.parcel-exception': 'A parcel of your trade is returned to its sender or could not be delivered',
  'trade.received': 'The other side received your pair',
  'trade.completed': 'A trade completed',
  'trade.disputed': 'A trade was disputed',
  'trade.resolved': 'A dispute was resolved',
  'trade.return': 'A pair going back after a refund shipped or arrived',
  'trade.expired': 'A proposal expired',
  'trade.deadline-near': 'Shipping deadline in 24 hours',
  'trade.proposal-expiring': 'A proposal to you expires in 6 hours',
  'trade.receive-closing': 'Your receive window closes in 24 hours',
  'trade.inspection': 'Your pairs at the authentication centre',
  'trade.inspection-failed': 'A pair in your trade failed authentication',
  'trade.hold-appeal': 'Appeals of a captured protection hold',
  'trade.card-declined': 'Your card was declined when your trade was accepted',
  'message.created': 'New messages',
  'follow.created': 'New followers',
  'sneaker.created': 'New listings from people you follow',
  'match.found': 'New matches for your wants',
  'want.alert': 'A pair you want was listed within your price',
  'loop.proposed': 'New loop trades proposed to you',
  'loop.active': 'A loop is binding: ship to the next member',
  'loop.shipped': 'A pair in your loop shipped',
  'loop.received': 'A pair in your loop arrived',
  'loop.closed': 'A loop ended without completing',
  'account.signed-in': 'Sign-ins from a new browser',
  'account.code-locked': 'Your second-factor codes locked after wrong tries',
};

/** The most notifications one page returns, and the default. */
export const NOTIFICATIONS_MAX_LIMIT = 50;
export const NOTIFICATIONS_DEFAULT_LIMIT = 20;
/** The most ids one "mark read" call may name. */
export const MARK_READ_MAX_IDS = 100;

const CURSOR_MESSAGE = 'Invalid cursor';

/** GET /api/notifications?cursor=&limit= */
export const NotificationListQuerySchema = z.object({
  // The last id of the previous page: an int4 id, or the database refuses to compare it (a 500).
  cursor: idCursorSchema(CURSOR_MESSAGE),
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_MAX_LIMIT).default(NOTIFICATIONS_DEFAULT_LIMIT),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuerySchema>;

/** POST /api/notifications/read: some of the caller's notifications, or all of them. */
export const MarkNotificationsReadSchema = z.union([
  z.strictObject({ ids: z.array(recordIdSchema()).min(1).max(MARK_READ_MAX_IDS) }),
  z.strictObject({ all: z.literal(true) }),
]);
export type MarkNotificationsRead = z.infer<typeof MarkNotificationsReadSchema>;

export interface Notification {
  id: number;
  kind: NotificationKind;
  /** One line, ready to show. */
  text: string;
  /** The page it is about (a trade, a profile, a listing). */
  link: string;
  /** How many events it stands for (several messages in one thread make one notification). */
  count: number;
  isRead: boolean;
  createdAt: string;
}

export interface NotificationPage {
  items: Notification[];
  /** Pass as `cursor` for the next, older page; null on the last page. */
  nextCursor: string | null;
  unreadCount: number;
}

export interface MarkNotificationsReadResult {
  /** How many became read with this call. */
  marked: number;
  unreadCount: number;
}

/**
 * How want alerts are e-mailed (issue #45): one e-mail each at once, or one a day listing the last
 * day's (the bell and push are not changed by it).
 */
export const WANT_ALERT_DELIVERIES = ['at-once', 'daily-digest'] as const;
export type WantAlertDelivery = (typeof WANT_ALERT_DELIVERIES)[number];

/** GET/PUT /api/notifications/preferences: on or off per kind, in the bell (`kinds`) and by e-mail (`email`). Kinds left out keep their setting. */
export const NotificationPreferencesSchema = z.strictObject({
  kinds: z.partialRecord(z.enum(NOTIFICATION_KINDS), z.boolean()).optional(),
  email: z.partialRecord(z.enum(NOTIFICATION_KINDS), z.boolean()).optional(),
  wantAlerts: z.enum(WANT_ALERT_DELIVERIES).optional(),
});
export type NotificationPreferencesInput = z.infer<typeof NotificationPreferencesSchema>;

export interface NotificationPreferences {
  /** Every kind, true when the member gets it. */
  kinds: Record<NotificationKind, boolean>;
  /** Every kind, true when it is also e-mailed (NOTIFICATION_EMAIL_ALWAYS are always true). */
  email: Record<NotificationKind, boolean>;
  /** How want alerts are e-mailed, when they are ('at-once' until the member chooses). */
  wantAlerts: WantAlertDelivery;
}
