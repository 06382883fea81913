-- Issue #29: protection holds. A trade records the hold each side owes (the market value of the pairs
-- it sends, for a member new to trading); a card authorization says what it is for (the trade's cash
-- or a side's protection hold), one open per trade, purpose and payer; a captured hold is credited to
-- the other side's wallet once; the ledger records the holds' movements.
ALTER TABLE "trades" ADD COLUMN "proposer_hold_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "receiver_hold_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_holds_check" CHECK ("proposer_hold_cents" >= 0 AND "receiver_hold_cents" >= 0);--> statement-breakpoint
ALTER TABLE "cash_authorizations" ADD COLUMN "purpose" text DEFAULT 'trade_cash' NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_authorizations" ADD CONSTRAINT "cash_authorizations_purpose_check" CHECK ("purpose" in ('trade_cash', 'protection_hold'));--> statement-breakpoint
DROP INDEX "cash_authorizations_one_open_per_trade";--> statement-breakpoint
CREATE UNIQUE INDEX "cash_authorizations_one_open_per_trade" ON "cash_authorizations" ("trade_id", "purpose", "payer_id") WHERE "status" in ('requested', 'authorized', 'captured');--> statement-breakpoint
ALTER TABLE "wallet_entries" DROP CONSTRAINT "wallet_entries_kind_check";--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_kind_check" CHECK ("kind" in ('trade_cash_credit', 'protection_hold_credit', 'payout', 'payout_reversal'));--> statement-breakpoint
DROP INDEX "wallet_entries_one_credit_per_authorization";--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_entries_one_credit_per_authorization" ON "wallet_entries" ("authorization_id") WHERE "kind" in ('trade_cash_credit', 'protection_hold_credit');--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_event_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_event_check" CHECK ("event" in ('lock', 'ship', 'receive', 'release', 'refund', 'dispute', 'cash_authorize', 'cash_capture', 'cash_release', 'hold_authorize', 'hold_capture', 'hold_release'));
