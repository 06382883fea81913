import { at, i32At } from './checked-index';
import type { Id, Listing, Want } from './clearing.types';
import { groupByMinCondition, lowerBound } from './link-bucket';
import { numbering } from './numbering';

/**
 * The giver→receiver relation in linear size, for reachability. On a market of a million pairs
 * the member graph itself has hundreds of millions of edges (the top release in size 10 alone has
 * tens of thousands of pairs and thousands of wants: every owner reaches every wanter), so it is
 * never spelled out here. Instead each (release, size) bucket sorts its wants by lowest condition
 * (one group per value) and value cap, and each group becomes a chain of nodes: chain node j
 * points at the member of want j and at chain node j + 1. A pair points at the first chain node
 * of every group whose lowest condition it meets, at the first want whose cap it is under: the
 * members reachable from there are exactly the members whose want the pair satisfies.
 *
 * So member u reaches member v through chain nodes exactly when u owns something v wants, and
 * strongly connected components of this graph, read on its member nodes, are those of the member
 * graph. Two things make it a superset: a member's own pair meeting her own want (a path from her
 * to herself, which alone never makes a component hold two members) and blocks (edges the
 * clearing removes later). Both only make a component bigger, never split one.
 *
 * Nodes: members 0..memberCount-1, then chain nodes. Compressed sparse rows: the targets of node x
 * are targets[offsets[x] .. offsets[x + 1]).
 */
export interface WantGraph {
  memberIds: Id[];
  /** Member index of each listing's owner and each want's member. */
  listingOwner: Int32Array;
  wantMember: Int32Array;
  memberCount: number;
  nodeCount: number;
  offsets: Int32Array;
  targets: Int32Array;
}

const bucketKey = (releaseId: Id, size: string) => `${releaseId}\u0000${size}`;

export function buildWantGraph(listings: readonly Listing[], wants: readonly Want[]): WantGraph {
  const members = numbering<Id>();
  const listingOwner = Int32Array.from(listings, (l) => members.of(l.ownerId));
  const wantMember = Int32Array.from(wants, (w) => members.of(w.memberId));
  const memberIds = members.values;
  const memberCount = memberIds.length;

  const wantBuckets = new Map<string, number[]>();
  wants.forEach((want, i) => {
    for (const size of want.sizes) push(wantBuckets, bucketKey(want.releaseId, size), i);
  });
  const pairBuckets = new Map<string, number[]>();
  listings.forEach((listing, p) => push(pairBuckets, bucketKey(listing.releaseId, listing.size), p));

  const sources: number[] = [];
  const sinks: number[] = [];
  let nodeCount = memberCount;
  for (const [key, pairs] of pairBuckets) {
    const bucketWants = wantBuckets.get(key);
    if (!bucketWants) continue;
    for (const group of groupByMinCondition(wants, bucketWants)) {
      const first = nodeCount;
      const count = group.wants.length;
      nodeCount += count;
      for (let j = 0; j < count; j++) {
        sources.push(first + j);
        sinks.push(i32At(wantMember, at(group.wants, j)));
        if (j + 1 < count) {
          sources.push(first + j);
          sinks.push(first + j + 1);
        }
      }
      for (const p of pairs) {
        const listing = at(listings, p);
        if (listing.condition < group.minCondition) continue;
        const start = lowerBound(group.caps, listing.valueCents);
        if (start < count) {
          sources.push(i32At(listingOwner, p));
          sinks.push(first + start);
        }
      }
    }
  }
  const { offsets, targets } = compressedRows(nodeCount, sources, sinks);
  return { memberIds, listingOwner, wantMember, memberCount, nodeCount, offsets, targets };
}

/** Compressed sparse rows of the edges sources[i] -> sinks[i], each node's targets in edge order. */
function compressedRows(nodeCount: number, sources: readonly number[], sinks: readonly number[]) {
  const offsets = new Int32Array(nodeCount + 1);
  for (const s of sources) offsets[s + 1] = i32At(offsets, s + 1) + 1;
  for (let x = 0; x < nodeCount; x++) offsets[x + 1] = i32At(offsets, x + 1) + i32At(offsets, x);
  const fill = offsets.slice(0, nodeCount);
  const targets = new Int32Array(sources.length);
  sources.forEach((s, i) => {
    const slot = i32At(fill, s);
    targets[slot] = at(sinks, i);
    fill[s] = slot + 1;
  });
  return { offsets, targets };
}

function push<K>(map: Map<K, number[]>, key: K, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
