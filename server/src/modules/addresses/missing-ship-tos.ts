import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { findUsernameRows } from '../users/member-records';
import { findShipToChoosers } from './addresses.repository';

/** A member whose ship-to a step needs, the request field that names them, and why it is needed. */
export interface ShipToNeeded {
  userId: string;
  /** The `fields` key of the refusal: `shipToAddressId` when the caller can send it now. */
  field: string;
  /** 'you': the caller, who can choose it in this very request; 'member': someone else, named. */
  who: 'you' | 'member';
  /** Why the step needs it, said after the name. */
  why: string;
}

/**
 * Refuses a step that would move a parcel to a member who has not chosen where it goes
 * (docs/rules/addresses.md#choosing-where-a-parcel-goes): 409 SHIP_TO_MISSING, one entry in `fields`
 * per missing member, naming them (their username; "you" for the caller). Run inside the step's
 * transaction, it rolls the step back; reads no address and records no read. `choosing`: members
 * whose choice this very request carries (a check before the step, so no card is touched first).
 */
export async function refuseWithoutShipTos(
  db: Db,
  { tradeId, needed, choosing = [] }: { tradeId: number; needed: ShipToNeeded[]; choosing?: string[] },
): Promise<void> {
  const chosen = new Set([...(await findShipToChoosers(db, { kind: 'trade', id: tradeId })), ...choosing]);
  const missing = needed.filter((n) => !chosen.has(n.userId));
  if (missing.length === 0) return;
  const names = new Map(
    (
      await findUsernameRows(
        db,
        missing.map((m) => m.userId),
      )
    ).map((u) => [u.id, u.username]),
  );
  const fields: Record<string, string> = {};
  for (const m of missing) {
    fields[m.field] =
      m.who === 'you'
        ? `Choose your ship-to address: ${m.why}`
        : `${names.get(m.userId) ?? 'The other member'} has not chosen a ship-to address for this trade yet: ${m.why}`;
  }
  throw new AppError('SHIP_TO_MISSING', Object.values(fields).join(' '), { fields });
}
