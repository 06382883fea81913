-- Issue #39: a withdrawal retried under the same Idempotency-Key after its process died (the key's
-- claim abandoned) continues the payout that request made instead of making, debiting and paying a
-- second one. The key is kept on the payout; null for a withdrawal sent without one. NULLs are
-- distinct, so the unique index only binds keyed withdrawals.
ALTER TABLE "payouts" ADD COLUMN "request_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_request_key_idx" ON "payouts" ("user_id","request_key");
