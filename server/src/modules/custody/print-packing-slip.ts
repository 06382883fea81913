import type { ShipToAddress } from '@soleswap/contracts/addresses';
import { addressLines } from '@soleswap/contracts/address-lines';
import type { AppContext } from '../../context';
import { findPackingSlipPairs } from '../sneakers/sneaker-records';
import { findMemberCards, type MemberCardRow } from '../users/member-records';
import { renderPackingSlip } from './packing-slip-pdf';

/** The name a slip prints for a member: their username, else their full name. */
function displayName(member: MemberCardRow | undefined): string {
  const fullName = [member?.firstName, member?.lastName].filter(Boolean).join(' ').trim();
  return member?.username?.trim() || fullName || 'SoleSwap member';
}

/** The authentication centre at one end of a box (docs/rules/inspection.md): its name and configured address. */
export const CENTRE = 'centre';
export const CENTRE_NAME = 'SoleSwap authentication centre';

/** One box to pack: who sends which pairs to whom, where (when the caller may see it), for which trade or loop leg. */
export interface BoxToPack {
  /** The slip's heading: 'Trade #12', 'Trade #12, pair #34' (via the centre), or 'Loop #5, leg 2 of 3'. */
  reference: string;
  /** A member's id, or CENTRE: the centre sends the pair on. */
  fromId: string;
  /** A member's id, or CENTRE: the box goes to the centre, whose address (AUTHENTICATION_CENTRE_ADDRESS) is printed. */
  toId: string;
  /** The slip's closing lines, what to do once the parcel is handed over; the default is a member's ("Mark your side shipped..."). */
  closing?: string[];
  /** The receiver's ship-to, already read under the address rules (and recorded); null when not shown. */
  shipTo: ShipToAddress | null;
  sneakerIds: number[];
  acceptedAt: Date | null;
  shipBy: Date | null;
  /** The trade's or loop's page, as an app path (`/trades?trade=12`). */
  pagePath: string;
}

/**
 * The packing slip of one box, a PDF (packing-slip-pdf.ts): one implementation for a trade's side
 * (get-packing-slip.ts) and a loop's leg (loops/get-loop-packing-slip.ts). Each caller decides who
 * may print it and reads the address through the address rules; this prints what it is given.
 */
export async function printPackingSlip(ctx: AppContext, box: BoxToPack): Promise<Uint8Array> {
  const memberIds = [box.fromId, box.toId].filter((id) => id !== CENTRE);
  const members = new Map((await findMemberCards(ctx.db, memberIds)).map((m) => [m.id, m]));
  const nameOf = (id: string) => (id === CENTRE ? CENTRE_NAME : displayName(members.get(id)));
  const pairs = await findPackingSlipPairs(ctx.db, box.sneakerIds);
  // The centre's configured address starts with the name its post goes to.
  const [centreName, ...centreLines] = ctx.env.AUTHENTICATION_CENTRE_ADDRESS ?? [CENTRE_NAME];
  return renderPackingSlip({
    reference: box.reference,
    fromName: nameOf(box.fromId),
    toName: box.toId === CENTRE ? (centreName ?? CENTRE_NAME) : nameOf(box.toId),
    toAddress: box.toId === CENTRE ? centreLines : box.shipTo ? addressLines(box.shipTo) : null,
    closing: box.closing,
    pairs,
    acceptedAt: box.acceptedAt,
    shipBy: box.shipBy,
    tradeUrl: `${ctx.env.APP_ORIGIN}${box.pagePath}`,
  });
}
