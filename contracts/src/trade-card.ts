import { z } from 'zod';
import { CashCardSchema } from './wallet';

/**
 * `POST /api/trades/:id/card`: the proposer of a pending trade gives another card for what their
 * side holds at acceptance (their cash, their protection hold), after the one they gave was declined
 * (issue #42). Checked and kept as a payment method, as at the proposal; the number is never stored.
 */
export const GiveTradeCardSchema = z.object({ cashCard: CashCardSchema }).strict();
export type GiveTradeCard = z.infer<typeof GiveTradeCardSchema>;
