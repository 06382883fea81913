import { at, i32At } from './checked-index';
import type { Id, Listing, Want } from './clearing.types';
import { strongComponents } from './strong-components';
import { buildWantGraph, type WantGraph } from './want-graph';

/**
 * Most members one part of a clearing holds. The loop search and selection (clear-part.ts) keep
 * member-by-member bit matrices, members²/8 bytes each: 18 MB at 12,000 members, and their time
 * grows with members × matrix row length, so several parts of this size clear a 100,000-member
 * market faster than one would, in far less memory.
 */
export const PART_MEMBERS = 12_000;

export interface MarketPart {
  listings: Listing[];
  wants: Want[];
}

export interface MarketParts {
  parts: MarketPart[];
  members: number;
  /** Members in a strongly connected component with another member: only they can be in a loop, of any length. */
  tradableMembers: number;
  /** Whether a component was larger than a part and was cut (loops across the cuts are lost to this round). */
  split: boolean;
}

/** How members of a component too large for one part are ordered before it is cut into parts. */
export type PartOrder = 'size' | 'release';

/**
 * Cuts a market into parts that can be cleared one by one. A loop is a cycle of the member graph,
 * so it lies inside one strongly connected component (computed on the linear-size want graph,
 * want-graph.ts): members alone in theirs can never trade and are left out, and components are
 * cleared apart. Small components are packed together into parts of up to `partMembers`; a
 * component larger than that (on a real market most members are in one) is cut into near-equal
 * parts after ordering its members so that trading partners tend to fall together: by the size of
 * their first want (members mostly list and want their own size, so a size band holds most of each
 * member's partners), or by its release for a later round over the members left over.
 */
export function marketParts(listings: readonly Listing[], wants: readonly Want[], partMembers: number, order: PartOrder): MarketParts {
  const graph = buildWantGraph(listings, wants);
  const component = strongComponents(graph.nodeCount, graph.offsets, graph.targets);
  const membersOf = new Map<number, number[]>();
  for (let m = 0; m < graph.memberCount; m++) {
    const c = i32At(component, m);
    const list = membersOf.get(c);
    if (list) list.push(m);
    else membersOf.set(c, [m]);
  }
  const tradable = [...membersOf.values()].filter((list) => list.length > 1);
  const partOf = new Int32Array(graph.memberCount).fill(-1);
  let parts = 0;
  let filling = 0;
  let split = false;
  for (const list of tradable) {
    if (list.length <= partMembers) {
      if (filling + list.length > partMembers || parts === 0) {
        parts++;
        filling = 0;
      }
      for (const m of list) partOf[m] = parts - 1;
      filling += list.length;
      continue;
    }
    split = true;
    const ordered = orderMembers(graph, listings, wants, list, order);
    const pieces = Math.ceil(list.length / partMembers);
    ordered.forEach((m, i) => (partOf[m] = parts + Math.floor((i * pieces) / ordered.length)));
    parts += pieces;
    filling = partMembers; // the next small component starts a part of its own
  }

  const result: MarketPart[] = Array.from({ length: parts }, () => ({ listings: [], wants: [] }));
  listings.forEach((listing, i) => {
    const part = i32At(partOf, i32At(graph.listingOwner, i));
    if (part !== -1) at(result, part).listings.push(listing);
  });
  wants.forEach((want, i) => {
    const part = i32At(partOf, i32At(graph.wantMember, i));
    if (part !== -1) at(result, part).wants.push(want);
  });
  return { parts: result, members: graph.memberCount, tradableMembers: tradable.reduce((sum, list) => sum + list.length, 0), split };
}

/** Members ordered by the size (or release) of their first want, then their first pair's, then index. */
function orderMembers(graph: WantGraph, listings: readonly Listing[], wants: readonly Want[], members: number[], order: PartOrder): number[] {
  const firstWant = new Int32Array(graph.memberCount).fill(-1);
  wants.forEach((want, i) => {
    const m = i32At(graph.wantMember, i);
    const current = i32At(firstWant, m);
    if (current === -1 || want.rank < at(wants, current).rank) firstWant[m] = i;
  });
  const firstPair = new Int32Array(graph.memberCount).fill(-1);
  listings.forEach((_, i) => {
    const m = i32At(graph.listingOwner, i);
    if (i32At(firstPair, m) === -1) firstPair[m] = i;
  });
  const keyOf = (m: number): [number, string] => {
    const w = i32At(firstWant, m);
    const p = i32At(firstPair, m);
    const size = w !== -1 ? (at(wants, w).sizes[0] ?? '') : p !== -1 ? at(listings, p).size : '';
    const release: Id = w !== -1 ? at(wants, w).releaseId : p !== -1 ? at(listings, p).releaseId : '';
    const sizeNumber = Number(size);
    return order === 'size' ? [Number.isFinite(sizeNumber) ? sizeNumber : 0, String(release)] : [0, `${String(release)}\u0000${size}`];
  };
  const keys = new Map(members.map((m) => [m, keyOf(m)]));
  return [...members].sort((a, b) => {
    const [na, sa] = keys.get(a)!;
    const [nb, sb] = keys.get(b)!;
    return na - nb || (sa < sb ? -1 : sa > sb ? 1 : 0) || a - b;
  });
}
