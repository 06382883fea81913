import { and, asc, gte, lt, max } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dailyStats } from '../../db/schema/index';

export type DailyStatsRow = typeof dailyStats.$inferSelect;
export type DailyStatsValues = Omit<typeof dailyStats.$inferInsert, 'id'> & { date: string };

/** Writes one day's figures, replacing an earlier roll-up of the same day. */
export async function upsertDailyStats(db: Db, values: DailyStatsValues): Promise<void> {
  const { date, ...figures } = values;
  await db
    .insert(dailyStats)
    .values(values)
    .onConflictDoUpdate({ target: dailyStats.date, set: { ...figures, date } });
}

/** The last day rolled up ('YYYY-MM-DD'), or null before the first roll-up. */
export async function findLastRolledUpDay(db: Db): Promise<string | null> {
  const [row] = await db.select({ last: max(dailyStats.date) }).from(dailyStats);
  return row?.last ?? null;
}

/** Rolled-up days from `fromDay` (inclusive) to `toDay` (exclusive), both 'YYYY-MM-DD'. */
export async function findDailyStats(db: Db, { fromDay, toDay }: { fromDay: string; toDay: string }): Promise<DailyStatsRow[]> {
  return db
    .select()
    .from(dailyStats)
    .where(and(gte(dailyStats.date, fromDay), lt(dailyStats.date, toDay)))
    .orderBy(asc(dailyStats.date));
}

/** Test and maintenance helper: every rolled-up day, oldest first. */
export async function findAllDailyStats(db: Db): Promise<DailyStatsRow[]> {
  return db.select().from(dailyStats).orderBy(asc(dailyStats.date));
}
