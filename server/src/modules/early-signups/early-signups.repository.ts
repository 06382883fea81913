import { and, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { EarlySignup, EarlySignupSummary } from '@soleswap/contracts/early-signups';
import type { Db } from '../../db/client';
import { earlySignups } from '../../db/schema/index';

type Row = typeof earlySignups.$inferSelect;

export function toEarlySignup(row: Row): EarlySignup {
  return { ...row, signupDate: row.signupDate.toISOString() };
}

/** Inserts unless the e-mail is already on the list (a repeat changes nothing). */
export async function insertEarlySignupOnce(db: Db, values: typeof earlySignups.$inferInsert) {
  await db.insert(earlySignups).values(values).onConflictDoNothing({ target: earlySignups.email });
}

/** Where a page starts: after this signup in newest-first order. */
export interface SignupPosition {
  signupDate: Date;
  id: number;
}

/** `LIKE` pattern of a substring: the user's % and _ match themselves. */
const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function searchFilter(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  // lower(name) and email (stored lowercase) are what the trigram indexes cover.
  return or(sql`lower(${earlySignups.name}) like ${pattern}`, sql`${earlySignups.email} like ${pattern}`);
}

/** A page of signups, newest first, optionally matching `q` in the name or e-mail. */
export async function findEarlySignupsPage(
  db: Db,
  { q, limit, after }: { q?: string; limit: number; after?: SignupPosition },
): Promise<{ signups: EarlySignup[]; last: SignupPosition | null }> {
  const start = after
    ? or(lt(earlySignups.signupDate, after.signupDate), and(eq(earlySignups.signupDate, after.signupDate), lt(earlySignups.id, after.id)))
    : undefined;
  const rows = await db
    .select()
    .from(earlySignups)
    .where(and(searchFilter(q), start))
    .orderBy(desc(earlySignups.signupDate), desc(earlySignups.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const lastRow = rows.length > limit ? page[page.length - 1]! : null;
  return { signups: page.map(toEarlySignup), last: lastRow ? { signupDate: lastRow.signupDate, id: lastRow.id } : null };
}

/** Every signup, newest first (the CSV export). */
export async function findAllEarlySignups(db: Db): Promise<EarlySignup[]> {
  const rows = await db.select().from(earlySignups).orderBy(desc(earlySignups.signupDate), desc(earlySignups.id));
  return rows.map(toEarlySignup);
}

export async function countEarlySignups(db: Db, { todayStart }: { todayStart: Date }): Promise<EarlySignupSummary> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`.mapWith(Number),
      today: sql<number>`(count(*) filter (where ${gte(earlySignups.signupDate, todayStart)}))::int`.mapWith(Number),
      uniqueDomains: sql<number>`count(distinct split_part(${earlySignups.email}, '@', 2))::int`.mapWith(Number),
    })
    .from(earlySignups);
  return row ?? { total: 0, today: 0, uniqueDomains: 0 };
}

/** Sets the notified flag; returns the signup, or null when there is no such id. */
export async function markEarlySignupNotified(db: Db, id: number): Promise<EarlySignup | null> {
  const [row] = await db.update(earlySignups).set({ notified: true }).where(eq(earlySignups.id, id)).returning();
  return row ? toEarlySignup(row) : null;
}
