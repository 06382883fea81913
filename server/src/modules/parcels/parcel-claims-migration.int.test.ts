import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { MIGRATIONS_DIR, runMigrations } from '../../db/migrate';
import { rowsOf } from '../../db/raw-rows';
import { openTestDatabase, preparePartialTemplate } from '../../../test/test-database';

/** The migration before parcel_claims: the database the code before it wrote. */
const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
const BEFORE = journal.entries[journal.entries.findIndex((e) => e.tag === '0065_parcel_claims') - 1]!.tag;

beforeAll(() => preparePartialTemplate(BEFORE));

const opened: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (opened.length) await opened.pop()!();
});

async function insertId(database: Database, statement: ReturnType<typeof sql>): Promise<number> {
  return Number(rowsOf<{ id: number }>(await database.db.execute(statement))[0]!.id);
}

describe('migration 0065 (parcel_claims)', () => {
  it('claims the numbers of the legs that may still be on their way, normalised, and no others', async () => {
    const database = await openTestDatabase({ upTo: BEFORE });
    opened.push(() => database.close());
    const [ann, ben] = [randomUUID(), randomUUID()];
    await database.db.execute(sql`insert into users (id, username) values (${ann}, 'ann'), (${ben}, 'ben')`);
    const trade = (status: string, extra: ReturnType<typeof sql>) =>
      insertId(
        database,
        sql`insert into trades (proposer_id, receiver_id, status, proposer_sneaker_ids, receiver_sneaker_ids, proposer_tracking_number, proposer_shipped_at, receiver_tracking_number, receiver_shipped_at, proposer_received_at)
            values (${ann}, ${ben}, ${status}, '{1}', '{2}', ${extra}) returning id`,
      );
    // Open: Ann's parcel (typed before numbers were checked) not received; Ben's received (Ann confirmed it).
    const open = await trade('accepted', sql`'1z5r 8939-0357 5671 27', now(), '986578788855', now(), now()`);
    const disputed = await trade('disputed', sql`'9400111202555842332669', now(), null, null, null`);
    await trade('completed', sql`'1Z999AA10123456784', now(), null, null, null`);
    await trade('cancelled', sql`'1Z999AA10123456785', now(), null, null, null`);

    const loop = (status: string) => insertId(database, sql`insert into loops (status, accept_by) values (${status}, now()) returning id`);
    const leg = (loopId: number, position: number, tracking: string, received: boolean) =>
      insertId(
        database,
        sql`insert into loop_legs (loop_id, position, from_user_id, to_user_id, sneaker_ids, value, shipped_at, tracking_number, received_at)
            values (${loopId}, ${position}, ${ann}, ${ben}, '{3}', 100, now(), ${tracking}, ${received ? sql`now()` : sql`null`}) returning id`,
      );
    const active = await loop('active');
    const onItsWay = await leg(active, 0, '1ZLEG0000000000001', false);
    await leg(active, 1, '1ZLEG0000000000002', true);
    await leg(await loop('completed'), 0, '1ZLEG0000000000003', false);

    const pair = await insertId(
      database,
      sql`insert into inspections (trade_id, side, owner_id, recipient_id, sneaker_ids, status, forwarded_at, forwarded_to, forward_tracking_number)
          values (${open}, 'proposer', ${ann}, ${ben}, '{1}', 'forwarded', now(), 'recipient', '980000000035') returning id`,
    );

    await runMigrations(database);
    const claims = rowsOf<{ route: string; leg: string; tracking_number: string }>(
      await database.db.execute(sql`select route, leg, tracking_number from parcel_claims`),
    );
    const byLeg = (a: { route: string; leg: string }, b: { route: string; leg: string }) =>
      `${a.route}/${a.leg}`.localeCompare(`${b.route}/${b.leg}`);
    expect(claims.sort(byLeg)).toEqual(
      [
        { route: 'centre', leg: String(pair), tracking_number: '980000000035' },
        { route: 'loop', leg: String(onItsWay), tracking_number: '1ZLEG0000000000001' },
        { route: 'trade', leg: `${disputed}:proposer`, tracking_number: '9400111202555842332669' },
        { route: 'trade', leg: `${open}:proposer`, tracking_number: '1Z5R89390357567127' },
      ].sort(byLeg),
    );
  });
});
