-- Issue #42: with Stripe keys a withdrawal goes to the member's Stripe Connect (Express) account. The
-- account is created once per member when they start onboarding and kept here; `payout_account_id`
-- (migration 0049) is set to it only once Stripe says the account can be paid (payouts enabled,
-- details submitted), so a withdrawal before then stays 409 PAYOUT_ACCOUNT_MISSING.
ALTER TABLE "wallets" ADD COLUMN "connect_account_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_connect_account_idx" ON "wallets" USING btree ("connect_account_id") WHERE "connect_account_id" IS NOT NULL;
