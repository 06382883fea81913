import type { Loop, LoopLeg, LoopStatus } from '@soleswap/contracts/loops';
import { trackingOf } from '@soleswap/contracts/tracking-numbers';
import type { Db } from '../../db/client';
import { allowedLoopActions } from './loop.machine';
import { findSneakerCards, sneakerVerdict, type SneakerCardRow } from '../sneakers/sneaker-records';
import { findUsernameRows } from '../users/member-records';
import { findLoopMembersWithShipTo } from '../addresses/ship-to-chosen';
import { loopSnapshot } from './loop-transition';
import { loopHoldStatus } from './loop-money-facts';
import { findLegs, type LoopLegRow, type LoopRow } from './loops.repository';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * The API shape of loops for one member: every leg (who gives what to whom, with values), the
 * member's own outgoing and incoming legs, and the actions the state machine allows them now.
 * Only for loops the viewer is a member of (the callers check).
 */
export async function buildLoopViews(db: Db, rows: LoopRow[], viewerId: string): Promise<Loop[]> {
  const allLegs = await findLegs(
    db,
    rows.map((r) => r.id),
  );
  const sneakers = new Map(
    (
      await findSneakerCards(
        db,
        allLegs.flatMap((l) => l.sneakerIds),
      )
    ).map((s) => [s.id, s]),
  );
  const members = new Map((await findUsernameRows(db, [...new Set(allLegs.map((l) => l.fromUserId))])).map((m) => [m.id, m]));
  const shipTos = await findLoopMembersWithShipTo(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => {
    const legs = allLegs.filter((l) => l.loopId === row.id);
    const position = legs.findIndex((l) => l.fromUserId === viewerId);
    const withShipTo = shipTos.get(row.id) ?? new Set<string>();
    const views = legs.map((leg): LoopLeg => ({ ...toLeg(leg, sneakers, viewerId, withShipTo), protectionHold: holdOf(row, legs, leg) }));
    return {
      id: row.id,
      status: row.status as LoopStatus,
      escrowStatus: row.escrowStatus as Loop['escrowStatus'],
      members: legs.map((l) => ({ id: l.fromUserId, username: members.get(l.fromUserId)?.username ?? null })),
      legs: views,
      myGive: views[position]!,
      myReceive: views[(position - 1 + legs.length) % legs.length]!,
      acceptBy: row.acceptBy.toISOString(),
      shipBy: iso(row.shipBy),
      lockHash: row.lockHash,
      completedAt: iso(row.completedAt),
      closedAt: iso(row.closedAt),
      createdAt: row.createdAt.toISOString(),
      allowedActions: allowedLoopActions(loopSnapshot(row, legs, withShipTo), position === -1 ? null : position),
    };
  });
}

/** The leg sender's protection hold and where it stands (loop-money-facts.ts), shown to every member as a trade shows both sides'. */
function holdOf(row: LoopRow, legs: readonly LoopLegRow[], leg: LoopLegRow): LoopLeg['protectionHold'] {
  const status = loopHoldStatus(row, legs, leg);
  return status === null ? null : { amountCents: leg.holdCents, status };
}

/** A leg as one member sees it: its parcel's tracking only for its sender and its receiver (it can lead to an address). */
function toLeg(
  leg: LoopLegRow,
  sneakers: Map<number, SneakerCardRow>,
  viewerId: string,
  withShipTo: ReadonlySet<string>,
): Omit<LoopLeg, 'protectionHold'> {
  const isOwnParcel = leg.fromUserId === viewerId || leg.toUserId === viewerId;
  return {
    position: leg.position,
    fromUserId: leg.fromUserId,
    toUserId: leg.toUserId,
    sneakerIds: leg.sneakerIds,
    sneakers: leg.sneakerIds.flatMap((id) => {
      const s = sneakers.get(id);
      return s ? [{ id: s.id, name: s.name, size: s.size, condition: s.condition, thumbnailUrl: s.thumbnailUrl, verdict: sneakerVerdict(s) }] : [];
    }),
    value: leg.value,
    fromAccepted: leg.acceptedAt !== null,
    toShipToChosen: withShipTo.has(leg.toUserId),
    shippedAt: iso(leg.shippedAt),
    tracking: isOwnParcel ? trackingOf(leg.carrier, leg.trackingNumber) : null,
    receivedAt: iso(leg.receivedAt),
    receiveBy: iso(leg.receiveBy),
  };
}
