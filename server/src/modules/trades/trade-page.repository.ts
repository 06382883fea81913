import { and, desc, eq, getTableColumns, inArray, lte, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { TradeStatus } from '@soleswap/contracts/trades';
import type { Db } from '../../db/client';
import { trades } from '../../db/schema/index';
import { escrowLocksSubquery } from '../escrow/escrow-locks';
import { sneakerCardsSubquery } from '../sneakers/sneaker-records';
import { memberCardsSubquery, type MemberCardRow } from '../users/member-records';
import type { TradeSneakerRow } from '../custody/trade-sneakers';
import type { TradeRow } from './trades.repository';

/** Where a page of a member's trades starts: after this creation time (PostgreSQL text, microseconds kept) and id. */
export interface TradePosition {
  key: string;
  id: number;
}

/** A sneaker of a listed trade, with the trade holding it in escrow (0: a loop), if any. */
export type PageSneaker = TradeSneakerRow & { lockedBy: number | null };

/** A trade of the page, with everything its view shows, for the member reading it. */
export type TradePageRow = TradeRow & {
  /** Its creation time as PostgreSQL text, the page cursor's key. */
  key: string;
  /** Its sneakers that still exist, both sides, with their escrow locks. */
  sneakers: PageSneaker[];
  /** The other party's card (null if the member is gone). */
  counterparty: MemberCardRow | null;
  /** The reader's own rating of this trade, if they gave one. */
  myRating: { score: number; comment: string | null } | null;
};

/** The JSON form of a sneaker as the statement builds it (timestamps as epoch milliseconds). */
type PageSneakerJson = Omit<PageSneaker, SneakerTimeKey> & Record<SneakerTimeKey, number | null>;
type SneakerTimeKey = 'listingChangedAt' | 'lastVerificationDate' | 'verificationReviewedAt';

/** Which filters a page has: each combination is its own prepared statement. */
interface PageShape {
  byStatus: boolean;
  after: boolean;
}

const ph = (name: 'userId' | 'status' | 'afterKey' | 'afterId' | 'limit') => sql.placeholder(name);

/**
 * The ids of a page of the member's trades as proposer or receiver, newest first: each side read
 * in its (party, created_at DESC NULLS LAST) index's own order and stopped at `limit` rows, the
 * two merged. "desc nulls last" matters: plain "desc" is NULLS FIRST, which those indexes cannot
 * give, and then PostgreSQL read and sorted every trade of the member (docs/performance/member-reads.md).
 */
function pageIdsSubquery(db: Db, { byStatus, after }: PageShape) {
  const side = (party: AnyColumn, other?: SQL) =>
    db
      .select({ id: trades.id, createdAt: trades.createdAt })
      .from(trades)
      .where(
        and(
          eq(party, ph('userId')),
          other,
          byStatus ? eq(trades.status, ph('status')) : undefined,
          after ? lte(trades.createdAt, sql`${ph('afterKey')}::timestamptz`) : undefined,
          after ? sql`(${trades.createdAt}, ${trades.id}) < (${ph('afterKey')}::timestamptz, ${ph('afterId')}::int)` : undefined,
        ),
      )
      .orderBy(sql`${trades.createdAt} desc nulls last`, desc(trades.id))
      .limit(ph('limit'));
  // A trade with oneself would be on both sides; the receiver's side leaves it to the proposer's.
  const proposed = side(trades.proposerId);
  const received = side(trades.receiverId, ne(trades.proposerId, ph('userId')));
  return sql`(select p.id from ((${proposed}) union all (${received})) p order by p.created_at desc nulls last, p.id desc limit ${ph('limit')}::int)`;
}

/** The trade's columns under their TypeScript names, the timestamps among them. */
const TRADE_COLUMNS = Object.entries(getTableColumns(trades));
const TIMESTAMP_KEYS = TRADE_COLUMNS.filter(([, column]) => column.columnType === 'PgTimestamp').map(([key]) => key as TimestampKey);

type TimestampKey = { [K in keyof TradeRow]: TradeRow[K] extends Date | null ? K : never }[keyof TradeRow];

/** A row of the page as the statement builds it: one JSON object, timestamps as epoch milliseconds. */
type TradePageJson = Omit<TradePageRow, TimestampKey | 'sneakers'> & Record<TimestampKey, number | null> & { sneakers: PageSneakerJson[] };

/**
 * A timestamp as whole epoch milliseconds, the fraction cut off as parsing its text into a Date
 * does: a number becomes a Date without parsing a date text.
 */
const epochMs = (column: string) => `floor(extract(epoch from ${column}) * 1000)::bigint`;

/**
 * The page statement of one shape, prepared under its own name. Each trade comes back as one json
 * column: the driver parses one value per row (JSON.parse) instead of about forty columns one by
 * one, and the ORM maps one field (docs/performance/member-reads.md).
 */
function preparePage(db: Db, shape: PageShape) {
  // Qualified by hand: drizzle leaves a one-table statement's columns unqualified, and inside these
  // subqueries "id" would be the subquery's own.
  const counterpartId = sql`case when "trades".receiver_id = ${ph('userId')}::uuid then "trades".proposer_id else "trades".receiver_id end`;
  const columns = TRADE_COLUMNS.map(([key, column]) => {
    const name = `"trades"."${column.name}"`;
    return sql.raw(`'${key}', ${column.columnType === 'PgTimestamp' ? epochMs(name) : name}`);
  });
  return db
    .select({
      trade: sql<TradePageJson>`json_build_object(${sql.join(columns, sql`, `)},
        'key', "trades".created_at::text,
        'sneakers', (
          select coalesce(json_agg(json_build_object(
            'id', s.id, 'userId', s.user_id, 'name', s.name, 'brand', s.brand, 'size', s.size, 'condition', s.condition::text,
            'estimatedValue', s.estimated_value::text, 'marketPrice', s.market_price::text, 'imageUrl', s.image_url, 'thumbnailUrl', s.thumbnail_url,
            'isAvailableForTrade', s.is_available_for_trade, 'listingChangedAt', ${sql.raw(epochMs('s.listing_changed_at'))}, 'lockedBy', l.trade_id,
            'isVerified', s.is_verified, 'verificationScore', s.verification_score::text,
            'lastVerificationDate', ${sql.raw(epochMs('s.last_verification_date'))}, 'verificationReview', s.verification_review,
            'verificationReviewedAt', ${sql.raw(epochMs('s.verification_reviewed_at'))}
          )), '[]'::json)
          from ${sneakerCardsSubquery()} s left join ${escrowLocksSubquery()} l on l.sneaker_id = s.id
          where s.id = any("trades".proposer_sneaker_ids || "trades".receiver_sneaker_ids)),
        'counterparty', (
          select json_build_object(
            'id', u.id, 'username', u.username, 'firstName', u.first_name, 'lastName', u.last_name,
            'profileImageUrl', u.profile_image_url, 'reputation', u.reputation::text, 'totalTrades', u.total_trades
          )
          from ${memberCardsSubquery()} u where u.id = ${counterpartId}),
        'myRating', (
          select json_build_object('score', r.score, 'comment', r.comment) from trade_ratings r
          where r.trade_id = "trades".id and r.rater_id = ${ph('userId')}::uuid))`,
    })
    .from(trades)
    .where(inArray(trades.id, pageIdsSubquery(db, shape)))
    .orderBy(sql`${trades.createdAt} desc nulls last`, desc(trades.id))
    .prepare(`trade_page${shape.byStatus ? '_status' : ''}${shape.after ? '_after' : ''}`);
}

/** A row of the page with its timestamps as Dates, as the views read them. */
function toPageRow(json: TradePageJson): TradePageRow {
  const row = json as unknown as TradePageRow & Record<TimestampKey, Date | number | null>;
  for (const key of TIMESTAMP_KEYS) {
    const value = row[key];
    if (value !== null) row[key] = new Date(value);
  }
  for (const sneaker of json.sneakers as unknown as Record<SneakerTimeKey, Date | number | null>[]) {
    for (const key of ['listingChangedAt', 'lastVerificationDate', 'verificationReviewedAt'] as const) {
      const value = sneaker[key];
      if (value !== null) sneaker[key] = new Date(value);
    }
  }
  return row;
}

type PreparedPage = ReturnType<typeof preparePage>;

/**
 * Prepared once per database handle and shape. On PostgreSQL each connection then parses it once,
 * and after a few runs plans it once (a generic plan, the same index-ordered plan the heavy
 * member's page needs): planning was about 40% of this statement's time (docs/performance/member-reads.md).
 */
const prepared = new WeakMap<Db, Map<string, PreparedPage>>();

function pageStatement(db: Db, shape: PageShape): PreparedPage {
  let byShape = prepared.get(db);
  if (!byShape) {
    byShape = new Map();
    prepared.set(db, byShape);
  }
  const name = `${shape.byStatus}:${shape.after}`;
  let statement = byShape.get(name);
  if (!statement) {
    statement = preparePage(db, shape);
    byShape.set(name, statement);
  }
  return statement;
}

/**
 * A page of a member's trades, newest first (ties by id), optionally of one status, after
 * `after`, `limit` rows at most, each with its sneakers and their escrow locks, the counterpart's
 * card and the member's own rating: one statement, whatever the page's length.
 */
export async function listTradePageOfUser(
  db: Db,
  { userId, status, after, limit }: { userId: string; status?: TradeStatus; after?: TradePosition; limit: number },
): Promise<TradePageRow[]> {
  const rows = await pageStatement(db, { byStatus: status !== undefined, after: after !== undefined }).execute({
    userId,
    limit,
    ...(status !== undefined ? { status } : {}),
    ...(after ? { afterKey: after.key, afterId: after.id } : {}),
  });
  return rows.map((row) => toPageRow(row.trade));
}
