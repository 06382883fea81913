import { z } from 'zod';
import { queryObject } from './list-query';

/**
 * Protection holds (docs/rules/money.md#protection-holds): a member new to trading puts a hold on
 * their card for the value of the pairs they send (contracts/src/pair-value.ts), captured for the other side when they miss
 * the ship deadline, lose a dispute or their pair fails authentication at the centre (or never
 * reaches it), released otherwise; a capture for a failed pair may be appealed within 7 days
 * (hold-appeals.ts). The rule is pure, so the server decides it
 * and the web shows it from the same function.
 */

/** Who owes a hold: members with fewer completed trades than `completedTradesBelow`, sending more than `minValueCents`. */
export interface ProtectionHoldConfig {
  /** A member with fewer completed trades than this owes a hold; 0 turns holds off. */
  completedTradesBelow: number;
  /**
   * A hold is owed only when the pairs sent are worth more than this, in cents: their value by the
   * one valuation (pairValueCents in contracts/src/pair-value.ts: market price by condition, else the
   * owner's estimate), summed over the pairs the member sends.
   */
  minValueCents: number;
}

/** The defaults: fewer than 3 completed trades, pairs worth more than $200 (PROTECTION_HOLD_* in the README). */
export const PROTECTION_HOLD_DEFAULTS: ProtectionHoldConfig = { completedTradesBelow: 3, minValueCents: 20_000 };

/** The hold a member owes for sending pairs worth `sentValueCents` (pairsValueCents of the pairs they send), in cents; 0 when they owe none. */
export function protectionHoldCents(
  member: { completedTrades: number; sentValueCents: number },
  config: ProtectionHoldConfig = PROTECTION_HOLD_DEFAULTS,
): number {
  if (member.completedTrades >= config.completedTradesBelow) return 0;
  if (member.sentValueCents <= config.minValueCents) return 0;
  return member.sentValueCents;
}

/**
 * A hold as a trade shows it: `due` until the trade is accepted (the card is authorized then),
 * `held` while the trade runs, then `captured` (credited to the other side) or `released`.
 */
export const PROTECTION_HOLD_STATUSES = ['due', 'held', 'captured', 'released'] as const;
export type ProtectionHoldStatus = (typeof PROTECTION_HOLD_STATUSES)[number];

export interface ProtectionHold {
  /** Whose card holds it: the side that sends the pairs. */
  side: 'proposer' | 'receiver';
  amountCents: number;
  status: ProtectionHoldStatus;
}

/** Sneaker ids in a query string: `1,2,3` (at most 20). */
const sneakerIdListSchema = z
  .string({ error: 'List the sneaker ids, like 1,2,3' })
  .regex(/^\d{1,10}(,\d{1,10}){0,19}$/, 'List the sneaker ids, like 1,2,3')
  .transform((text) => text.split(',').map(Number))
  .pipe(z.array(z.number().int().positive('Invalid sneaker id').max(2_147_483_647, 'Invalid sneaker id')));

/**
 * `GET /api/trades/protection-holds?receiverId=…&proposerSneakerIds=1,2&receiverSneakerIds=3`: the
 * holds a proposal from the caller would carry. Only each side's own pairs count.
 */
export const ProtectionHoldPreviewQuerySchema = queryObject({
  receiverId: z.guid('Choose who you want to trade with'),
  proposerSneakerIds: sneakerIdListSchema,
  receiverSneakerIds: sneakerIdListSchema,
});
export type ProtectionHoldPreviewQuery = z.infer<typeof ProtectionHoldPreviewQuerySchema>;

/** `GET /api/trades/protection-holds`: the holds a proposal would carry, before it is sent. */
export interface ProtectionHoldPreview {
  protectionHolds: Array<{ side: 'proposer' | 'receiver'; amountCents: number }>;
}
