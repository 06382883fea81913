import { TRADE_RETURN_ACTIONS, type TradeReturnAction, type TradeReturnStatus } from '@soleswap/contracts/trades';
import type { Decision, Refusal as MachineRefusal } from '../../machines/machine';

/**
 * A pair going back to its owner after a refund ruling (docs/rules/trades.md#returns-after-a-refund) as
 * one pure table, shaped like every lifecycle (machines/machine.ts, decision 011): the member holding
 * the pair ships it back (awaiting_return → returned_shipped), its owner confirms it arrived
 * (returned_shipped → returned). `allowedReturnActions` asks the same table.
 */

/** Who acts on a return: the member sending the pair back, the member it belongs to. */
export type TradeReturnRole = 'sender' | 'owner';

export type TradeReturnEffect = 'recordReturnShipment' | 'recordReturnReceipt';

export type TradeReturnDecision = Decision<TradeReturnStatus, TradeReturnEffect>;

/**
 * Why `decideReturn` refused:
 * - NOT_YOUR_ROLE: shipping is the sender's, receiving the owner's;
 * - ALREADY_SHIPPED: the pair is already on its way back (or back);
 * - NOT_SHIPPED: nothing to receive before the sender ships;
 * - ALREADY_RETURNED: the owner confirmed it, the return is over.
 */
export const TRADE_RETURN_REFUSAL_REASONS = ['NOT_YOUR_ROLE', 'ALREADY_SHIPPED', 'NOT_SHIPPED', 'ALREADY_RETURNED'] as const;
export type TradeReturnRefusalReason = (typeof TRADE_RETURN_REFUSAL_REASONS)[number];

export interface TradeReturnRefusal extends MachineRefusal<TradeReturnRefusalReason> {
  status: TradeReturnStatus;
  action: TradeReturnAction;
}

const ROLE_OF: Record<TradeReturnAction, TradeReturnRole> = { ship: 'sender', receive: 'owner' };

/** What `action` by someone holding `roles` does to the return; never throws. */
export function decideReturn(
  status: TradeReturnStatus,
  roles: readonly TradeReturnRole[],
  action: TradeReturnAction,
): TradeReturnDecision | TradeReturnRefusal {
  const refuse = (reason: TradeReturnRefusalReason): TradeReturnRefusal => ({ ok: false, reason, status, action });
  if (!roles.includes(ROLE_OF[action])) return refuse('NOT_YOUR_ROLE');
  if (status === 'returned') return refuse('ALREADY_RETURNED');
  if (action === 'ship') {
    if (status !== 'awaiting_return') return refuse('ALREADY_SHIPPED');
    return { ok: true, status: 'returned_shipped', effects: ['recordReturnShipment'] };
  }
  if (status !== 'returned_shipped') return refuse('NOT_SHIPPED');
  return { ok: true, status: 'returned', effects: ['recordReturnReceipt'] };
}

/** The actions the table allows these roles now: what the trade page offers. */
export function allowedReturnActions(status: TradeReturnStatus, roles: readonly TradeReturnRole[]): TradeReturnAction[] {
  return TRADE_RETURN_ACTIONS.filter((action) => decideReturn(status, roles, action).ok);
}

/** The return is past its return-by and has not shipped: shown as overdue to both members and listed for the admins. */
export function isReturnOverdue(r: { status: TradeReturnStatus; returnBy: Date }, now: Date): boolean {
  return r.status === 'awaiting_return' && now.getTime() > r.returnBy.getTime();
}
