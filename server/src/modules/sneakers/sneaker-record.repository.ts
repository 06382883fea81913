import { getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sneakers } from '../../db/schema/index';
import { escrowLockedSneakersSubquery } from '../escrow/escrow-locks';
import { memberCardsSubquery } from '../users/member-records';
import type { ListedSneakerRow, SneakerRecord } from './sneakers.repository';

/**
 * What a card of a list reads: the sneaker's columns (all but its search text and image hash,
 * which stay inside), its owner's card and whether escrow holds it, in ONE statement, each record
 * one json column: the driver parses one value per row instead of some forty columns, and the ORM
 * maps one field. Browse and every search end with it (it was three statements, one round trip
 * each; docs/performance/cache-miss-reads.md).
 */

/** The columns a list shows, under their TypeScript names. */
const COLUMNS = Object.entries(getTableColumns(sneakers)).filter(([key]) => key !== 'searchText' && key !== 'imageHash');
const TIMESTAMP_KEYS = COLUMNS.filter(([, column]) => column.columnType === 'PgTimestamp').map(([key]) => key as TimestampKey);

type TimestampKey = { [K in keyof ListedSneakerRow]: ListedSneakerRow[K] extends Date | null ? K : never }[keyof ListedSneakerRow];

/** A record as the statement builds it: timestamps as epoch milliseconds. */
type RecordJson = {
  sneaker: Omit<ListedSneakerRow, TimestampKey> & Record<TimestampKey, number | null>;
  owner: SneakerRecord['owner'];
  isLocked: boolean;
};

const epochMs = (column: string) => `floor(extract(epoch from ${column}) * 1000)::bigint`;

/** A column as json keeps the driver's own text: numerics and dates as strings, timestamps as epoch ms. */
function jsonColumn(key: string, column: { name: string; columnType: string }) {
  const name = `"sneakers"."${column.name}"`;
  const value =
    column.columnType === 'PgTimestamp'
      ? epochMs(name)
      : column.columnType === 'PgNumeric' || column.columnType === 'PgDateString'
        ? `${name}::text`
        : name;
  return sql.raw(`'${key}', ${value}`);
}

function prepareRecords(db: Db) {
  return db
    .select({
      record: sql<RecordJson>`json_build_object(
        'sneaker', json_build_object(${sql.join(
          COLUMNS.map(([key, column]) => jsonColumn(key, column)),
          sql`, `,
        )}),
        'owner', json_build_object('id', o.id, 'username', o.username, 'firstName', o.first_name, 'profileImageUrl', o.profile_image_url),
        'isLocked', exists (select 1 from ${escrowLockedSneakersSubquery()} l where l.sneaker_id = "sneakers".id))`,
    })
    .from(sneakers)
    .innerJoin(sql`${memberCardsSubquery()} o`, sql`o.id = "sneakers".user_id`)
    .where(sql`"sneakers".id = any(${sql.placeholder('ids')}::int[])`)
    .prepare('sneaker_records');
}

type PreparedRecords = ReturnType<typeof prepareRecords>;

/** Prepared once per database handle: on PostgreSQL each connection parses it once. */
const prepared = new WeakMap<Db, PreparedRecords>();

/** The records with these ids (whose owner exists), in no particular order. */
export async function findSneakerRecordRows(db: Db, ids: number[]): Promise<SneakerRecord[]> {
  if (ids.length === 0) return [];
  let statement = prepared.get(db);
  if (!statement) {
    statement = prepareRecords(db);
    prepared.set(db, statement);
  }
  const rows = await statement.execute({ ids });
  return rows.map(({ record }) => {
    const sneaker = record.sneaker as unknown as Record<TimestampKey, Date | number | null>;
    for (const key of TIMESTAMP_KEYS) {
      const value = sneaker[key];
      if (value !== null) sneaker[key] = new Date(value);
    }
    return record as unknown as SneakerRecord;
  });
}
