import { desc } from 'drizzle-orm';
import type { EarlySignup } from '@soleswap/contracts/early-signups';
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

export async function findEarlySignups(db: Db): Promise<EarlySignup[]> {
  const rows = await db.select().from(earlySignups).orderBy(desc(earlySignups.signupDate), desc(earlySignups.id));
  return rows.map(toEarlySignup);
}
