import { at, f64At, i32At } from './checked-index';
import type { Id, Listing, Want } from './clearing.types';
import type { ExcludedPair } from './market-graph';
import { numbering } from './numbering';

/** A market as the clearing reads it: pairs, wants and the members who must not trade together. */
export interface ClearingMarket {
  listings: readonly Listing[];
  wants: readonly Want[];
  excludedPairs?: readonly ExcludedPair[];
}

/** Ids as they were: numbers in a typed array (database ids), anything else as a plain list. */
type IdColumn = Float64Array | Id[];

/**
 * A market in columns, to hand to the clearing worker: a million listings as objects would be
 * copied field by field between threads, while these typed arrays move with their buffers
 * (transferable, no copy). Repeated strings (sizes) and ids (members, releases) are numbered once.
 */
export interface MarketColumns {
  members: IdColumn;
  releases: IdColumn;
  sizes: string[];
  pairIds: IdColumn;
  listingOwner: Int32Array;
  listingRelease: Int32Array;
  listingSize: Int32Array;
  listingCondition: Float64Array;
  listingValue: Float64Array;
  wantIds: IdColumn;
  wantMember: Int32Array;
  wantRelease: Int32Array;
  /** Sizes of want i: wantSizes[wantSizeStart[i] .. wantSizeStart[i + 1]). */
  wantSizeStart: Int32Array;
  wantSizes: Int32Array;
  wantMinCondition: Float64Array;
  /** NaN for no cap. */
  wantCap: Float64Array;
  wantRank: Int32Array;
  /** Member index pairs, two entries each. */
  excluded: Int32Array;
}

export function encodeMarket(market: ClearingMarket): { columns: MarketColumns; transfer: ArrayBuffer[] } {
  const { listings, wants } = market;
  const members = numbering<Id>();
  const releases = numbering<Id>();
  const sizes = numbering<string>();
  const listingOwner = Int32Array.from(listings, (l) => members.of(l.ownerId));
  const wantMember = Int32Array.from(wants, (w) => members.of(w.memberId));
  const wantSizeStart = new Int32Array(wants.length + 1);
  const wantSizes: number[] = [];
  wants.forEach((want, i) => {
    for (const size of want.sizes) wantSizes.push(sizes.of(size));
    wantSizeStart[i + 1] = wantSizes.length;
  });
  const excluded: number[] = [];
  for (const [a, b] of market.excludedPairs ?? []) {
    const u = members.find(a);
    const v = members.find(b);
    if (u !== undefined && v !== undefined) excluded.push(u, v);
  }
  const columns: MarketColumns = {
    members: idColumn(members.values),
    releases: [],
    sizes: [],
    pairIds: idColumn(listings.map((l) => l.pairId)),
    listingOwner,
    listingRelease: Int32Array.from(listings, (l) => releases.of(l.releaseId)),
    listingSize: Int32Array.from(listings, (l) => sizes.of(l.size)),
    listingCondition: Float64Array.from(listings, (l) => l.condition),
    listingValue: Float64Array.from(listings, (l) => l.valueCents),
    wantIds: idColumn(wants.map((w) => w.wantId)),
    wantMember,
    wantRelease: Int32Array.from(wants, (w) => releases.of(w.releaseId)),
    wantSizeStart,
    wantSizes: Int32Array.from(wantSizes),
    wantMinCondition: Float64Array.from(wants, (w) => w.minCondition),
    wantCap: Float64Array.from(wants, (w) => w.maxValueCents ?? Number.NaN),
    wantRank: Int32Array.from(wants, (w) => w.rank),
    excluded: Int32Array.from(excluded),
  };
  columns.releases = idColumn(releases.values);
  columns.sizes = sizes.values;
  const transfer = Object.values(columns)
    .filter((value): value is Int32Array | Float64Array => ArrayBuffer.isView(value))
    .map((view) => view.buffer as ArrayBuffer);
  return { columns, transfer };
}

/** The market the columns were made from: the same listings, wants and blocks, in the same order. */
export function decodeMarket(columns: MarketColumns): Required<ClearingMarket> {
  const member = idReader(columns.members);
  const release = idReader(columns.releases);
  const pairId = idReader(columns.pairIds);
  const wantId = idReader(columns.wantIds);
  const listings: Listing[] = Array.from(columns.listingOwner, (owner, i) => ({
    pairId: pairId(i),
    ownerId: member(owner),
    releaseId: release(i32At(columns.listingRelease, i)),
    size: at(columns.sizes, i32At(columns.listingSize, i)),
    condition: f64At(columns.listingCondition, i),
    valueCents: f64At(columns.listingValue, i),
  }));
  const wants: Want[] = Array.from(columns.wantMember, (owner, i) => {
    const cap = f64At(columns.wantCap, i);
    return {
      wantId: wantId(i),
      memberId: member(owner),
      releaseId: release(i32At(columns.wantRelease, i)),
      sizes: Array.from(columns.wantSizes.subarray(i32At(columns.wantSizeStart, i), i32At(columns.wantSizeStart, i + 1)), (s) =>
        at(columns.sizes, s),
      ),
      minCondition: f64At(columns.wantMinCondition, i),
      maxValueCents: Number.isNaN(cap) ? null : cap,
      rank: i32At(columns.wantRank, i),
    };
  });
  const excludedPairs: ExcludedPair[] = [];
  for (let k = 0; k + 1 < columns.excluded.length; k += 2) {
    excludedPairs.push([member(i32At(columns.excluded, k)), member(i32At(columns.excluded, k + 1))]);
  }
  return { listings, wants, excludedPairs };
}

const idColumn = (ids: Id[]): IdColumn => (ids.every((id) => typeof id === 'number') ? Float64Array.from(ids as number[]) : ids);

const idReader = (column: IdColumn) => (column instanceof Float64Array ? (i: number) => f64At(column, i) : (i: number) => at(column, i));
