import { rowsOf } from '../../db/raw-rows';
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notificationPreferences, notifications } from '../../db/schema/index';
import { followersSubquery } from '../follows/follow-records';
import { tradeDeadlinesDueSubquery, type DeadlineWindows } from '../trades/trade-records';

export type NotificationRow = typeof notifications.$inferSelect;

/** A notification to add. With `onceKey` it is dropped if one with that key exists; with `batchKey` it counts into an unread one. */
export interface NewNotification {
  userId: string;
  kind: string;
  payload: Record<string, unknown>;
  onceKey?: string;
  batchKey?: string;
  createdAt: Date;
}

/** What was added (or counted into an unread notification), for the live events. */
export interface StoredNotification {
  id: number;
  userId: string;
  kind: string;
}

/**
 * One notification, or none when its `onceKey` was used already. A notification that counts into
 * an unread one (`batchKey`) is stored by insertCountedNotifications, the one place that counts.
 */
export async function insertNotification(db: Db, row: NewNotification): Promise<StoredNotification | null> {
  const returning = { id: notifications.id, userId: notifications.userId, kind: notifications.kind };
  const insert = db.insert(notifications).values({ ...row, payload: { ...row.payload, count: 1 } });
  if (row.onceKey) {
    const [stored] = await insert.onConflictDoNothing({ target: [notifications.userId, notifications.onceKey] }).returning(returning);
    return stored ?? null;
  }
  const [stored] = await insert.returning(returning);
  return stored!;
}

/**
 * The notifications that each count into an unread one (`batchKey`), any number of them in ONE
 * statement: those sharing a member and key are stored as they would be one after another (the
 * first one's payload, counted once per notification), rows in (member, key) order so two
 * statements sharing rows take them in the same order. Returns, per notification in order, the
 * row it was stored in or counted into.
 */
export async function insertCountedNotifications(
  db: Db,
  rows: ReadonlyArray<NewNotification & { batchKey: string }>,
): Promise<Array<StoredNotification | null>> {
  if (rows.length === 0) return [];
  const groups = new Map<string, { row: NewNotification & { batchKey: string }; n: number }>();
  for (const row of rows) {
    const id = `${row.userId} ${row.batchKey}`;
    const group = groups.get(id);
    if (group) group.n++;
    else groups.set(id, { row, n: 1 });
  }
  const values = JSON.stringify(
    [...groups.values()].map(({ row, n }) => ({
      user_id: row.userId,
      kind: row.kind,
      payload: { ...row.payload, count: n },
      batch_key: row.batchKey,
      n,
      created_at: row.createdAt.toISOString(),
    })),
  );
  const result = await db.execute(sql`
    insert into notifications (user_id, kind, payload, batch_key, created_at)
    select r.user_id, r.kind, r.payload, r.batch_key, r.created_at
    from jsonb_to_recordset(${values}::jsonb) as r(user_id uuid, kind text, payload jsonb, batch_key text, n integer, created_at timestamptz)
    order by r.user_id, r.batch_key
    on conflict (user_id, batch_key) where read_at is null do update set
      payload = jsonb_set(notifications.payload, '{count}', to_jsonb(coalesce((notifications.payload->>'count')::int, 1) + (excluded.payload->>'count')::int))
    returning id, user_id as "userId", kind, batch_key as "batchKey"`);
  const stored = new Map(rowsOf<StoredNotification & { batchKey: string }>(result).map((row) => [`${row.userId} ${row.batchKey}`, row]));
  return rows.map((row) => {
    const found = stored.get(`${row.userId} ${row.batchKey}`);
    return found ? { id: Number(found.id), userId: found.userId, kind: found.kind } : null;
  });
}

/**
 * One notification per follower of `followingId` who has not switched `kind` off, in one
 * statement, each under `onceKey` (followers who already have one with that key are skipped).
 */
export async function insertForFollowers(
  db: Db,
  {
    followingId,
    kind,
    payload,
    onceKey,
    createdAt,
  }: { followingId: string; kind: string; payload: Record<string, unknown>; onceKey: string; createdAt: Date },
): Promise<StoredNotification[]> {
  const result = await db.execute(sql`
    insert into notifications (user_id, kind, payload, once_key, created_at)
    select f.follower_id, ${kind}::text, ${JSON.stringify({ ...payload, count: 1 })}::jsonb, ${onceKey}::text, ${createdAt.toISOString()}::timestamptz
    from ${followersSubquery(followingId)} f
    left join notification_preferences p on p.user_id = f.follower_id
    where not (${kind}::text = any(coalesce(p.muted_kinds, '{}'::text[])))
    on conflict (user_id, once_key) do nothing
    returning id, user_id as "userId", kind`);
  return rowsOf<StoredNotification>(result);
}

/** Each reminder's notification kind, by the reminder tradeDeadlinesDueSubquery names. */
export interface DeadlineReminderKinds {
  ship: string;
  proposal: string;
  receive: string;
}

/**
 * A reminder for each trade deadline within its window (trades' tradeDeadlinesDueSubquery), once
 * per trade, member and reminder however often or on however many instances this runs: the
 * (user_id, once_key) unique index drops a second one. Deadline reminders stay in the bell whatever
 * the member switched off (issue #45), so no preference is read. One statement.
 */
export async function insertDeadlineReminders(
  db: Db,
  { now, windows, kinds }: { now: Date; windows: DeadlineWindows; kinds: DeadlineReminderKinds },
): Promise<StoredNotification[]> {
  const result = await db.execute(sql`
    insert into notifications (user_id, kind, payload, once_key, created_at)
    select s.user_id,
           case s.reminder when 'ship' then ${kinds.ship}::text when 'proposal' then ${kinds.proposal}::text else ${kinds.receive}::text end,
           jsonb_build_object('tradeId', s.trade_id, 'dueAt', s.due_at, 'count', 1)
             || case when s.reminder = 'ship' then jsonb_build_object('shipBy', s.due_at) else '{}'::jsonb end,
           -- 'deadline-near:' is the ship-by reminder's key from before the others existed: kept, so none is sent twice.
           case s.reminder when 'ship' then 'deadline-near:' else s.reminder || '-reminder:' end || s.trade_id,
           ${now.toISOString()}::timestamptz
    from ${tradeDeadlinesDueSubquery(now, windows)} s
    order by s.user_id, s.trade_id, s.reminder
    on conflict (user_id, once_key) do nothing
    returning id, user_id as "userId", kind`);
  return rowsOf<StoredNotification>(result);
}

/** The kinds each of these members switched off (members without a row are left out). */
export async function findMutedKinds(db: Db, userIds: string[]): Promise<Map<string, string[]>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: notificationPreferences.userId, mutedKinds: notificationPreferences.mutedKinds })
    .from(notificationPreferences)
    .where(inArray(notificationPreferences.userId, userIds));
  return new Map(rows.map((row) => [row.userId, row.mutedKinds]));
}

export async function saveMutedKinds(db: Db, userId: string, mutedKinds: string[], at: Date) {
  await db
    .insert(notificationPreferences)
    .values({ userId, mutedKinds, updatedAt: at })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { mutedKinds, updatedAt: at } });
}

/** The kinds each of these members switched on or off for e-mail (members without a row are left out: defaults). */
export async function findEmailChoices(db: Db, userIds: string[]): Promise<Map<string, Record<string, boolean>>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: notificationPreferences.userId, emailChoices: notificationPreferences.emailChoices })
    .from(notificationPreferences)
    .where(inArray(notificationPreferences.userId, userIds));
  return new Map(rows.map((row) => [row.userId, row.emailChoices]));
}

/** Of these members, those who get want alerts by e-mail in a daily digest. */
export async function findWantDigestMembers(db: Db, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: notificationPreferences.userId })
    .from(notificationPreferences)
    .where(and(inArray(notificationPreferences.userId, userIds), eq(notificationPreferences.wantAlertDigest, true)));
  return new Set(rows.map((row) => row.userId));
}

export async function saveWantAlertDigest(db: Db, userId: string, wantAlertDigest: boolean, at: Date) {
  await db
    .insert(notificationPreferences)
    .values({ userId, wantAlertDigest, updatedAt: at })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { wantAlertDigest, updatedAt: at } });
}

/** A want alert waiting for its member's daily digest. */
export interface DigestAlertRow {
  id: number;
  userId: string;
  payload: unknown;
}

/**
 * The want alerts since `since` not e-mailed yet, of members who chose the daily digest and have not
 * had one on `day` (a UTC date), oldest first.
 */
export async function findDigestAlerts(db: Db, { since, day }: { since: Date; day: string }): Promise<DigestAlertRow[]> {
  const result = await db.execute(sql`
    select n.id, n.user_id as "userId", n.payload
    from ${notifications} n
    join ${notificationPreferences} p on p.user_id = n.user_id
    where p.want_alert_digest and n.kind = 'want.alert' and n.email_queued_at is null
      and n.created_at > ${since.toISOString()}::timestamptz
      and (p.want_digest_sent_on is null or p.want_digest_sent_on < ${day}::date)
    order by n.user_id, n.id`);
  return rowsOf<DigestAlertRow>(result).map((row) => ({ ...row, id: Number(row.id) }));
}

/** Claims `day`'s digest for the member: false when they had one that day already (another run sent it). */
export async function claimWantDigestDay(db: Db, userId: string, day: string): Promise<boolean> {
  const rows = await db
    .update(notificationPreferences)
    .set({ wantDigestSentOn: day })
    .where(
      and(
        eq(notificationPreferences.userId, userId),
        sql`(${notificationPreferences.wantDigestSentOn} is null or ${notificationPreferences.wantDigestSentOn} < ${day}::date)`,
      ),
    )
    .returning({ userId: notificationPreferences.userId });
  return rows.length > 0;
}

export async function saveEmailChoices(db: Db, userId: string, emailChoices: Record<string, boolean>, at: Date) {
  await db
    .insert(notificationPreferences)
    .values({ userId, emailChoices, updatedAt: at })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { emailChoices, updatedAt: at } });
}

/**
 * Marks these notices' e-mail queued, each once: returns the ids not marked before (a retried
 * announce job finds them marked and queues nothing again).
 */
export async function claimNotificationEmails(db: Db, ids: number[], at: Date): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .update(notifications)
    .set({ emailQueuedAt: at })
    .where(and(inArray(notifications.id, ids), isNull(notifications.emailQueuedAt)))
    .returning({ id: notifications.id });
  return new Set(rows.map((row) => row.id));
}

/** What a notification shows, as the page reads it. */
export interface NotificationPageRow {
  id: number;
  kind: string;
  payload: unknown;
  readAt: Date | null;
  createdAt: Date;
}

/**
 * A page of one member's notifications, newest first, older than `beforeId` when given, and the
 * member's unread count, in one statement. The page walks notifications_user_id_idx
 * (user_id, id DESC NULLS LAST) in its own order: "order by id desc" alone means NULLS FIRST,
 * which that index cannot give, and the planner walked the whole table's primary key backwards
 * instead, filtering out other members' rows (docs/performance/member-reads.md).
 */
export async function findNotificationsPageWithUnread(
  db: Db,
  userId: string,
  beforeId: number | undefined,
  limit: number,
): Promise<{ rows: NotificationPageRow[]; unread: number }> {
  const result = await db.execute(sql`
    select u.unread, n.id, n.kind, n.payload, n.read_at, n.created_at
    from (select count(*)::int as unread from ${notifications} where user_id = ${userId}::uuid and read_at is null) u
    left join lateral (
      select id, kind, payload, read_at, created_at from ${notifications}
      where user_id = ${userId}::uuid ${beforeId === undefined ? sql`` : sql`and id < ${beforeId}::int`}
      order by id desc nulls last
      limit ${limit}::int
    ) n on true
    order by n.id desc nulls last`);
  type Raw = { unread: number; id: number | null; kind: string; payload: unknown; read_at: Date | string | null; created_at: Date | string };
  const raw = rowsOf<Raw>(result);
  const rows = raw.flatMap((r) =>
    r.id === null
      ? []
      : [
          {
            id: Number(r.id),
            kind: r.kind,
            payload: r.payload,
            readAt: r.read_at === null ? null : new Date(r.read_at),
            createdAt: new Date(r.created_at),
          },
        ],
  );
  return { rows, unread: Number(raw[0]?.unread ?? 0) };
}

/** Unread counts of several members at once (members with none are 0). */
export async function countUnreadOf(db: Db, userIds: string[]): Promise<Map<string, number>> {
  const counts = new Map(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return counts;
  const rows = await db
    .select({ userId: notifications.userId, n: count() })
    .from(notifications)
    .where(and(inArray(notifications.userId, userIds), isNull(notifications.readAt)))
    .groupBy(notifications.userId);
  for (const row of rows) counts.set(row.userId, Number(row.n));
  return counts;
}

/** Marks the member's own unread notifications read (all, or those of `ids`); returns how many. */
export async function markRead(db: Db, userId: string, ids: number[] | 'all', at: Date): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: at })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), ids === 'all' ? undefined : inArray(notifications.id, ids)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** The stored notifications with these ids (the announce job reads what it was queued for). */
export async function findNotificationsByIds(db: Db, ids: number[]): Promise<NotificationRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(notifications).where(inArray(notifications.id, ids));
}

/** Of these (member, onceKey) pairs, the ones a notification already carries, as "member onceKey". */
export async function findUsedOnceKeys(db: Db, keys: ReadonlyArray<{ userId: string; onceKey: string }>): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ userId: notifications.userId, onceKey: notifications.onceKey })
    .from(notifications)
    .where(
      and(
        inArray(notifications.userId, [...new Set(keys.map((k) => k.userId))]),
        inArray(notifications.onceKey, [...new Set(keys.map((k) => k.onceKey))]),
      ),
    );
  return new Set(rows.map((row) => `${row.userId} ${row.onceKey}`));
}
