-- Issue #29: money in trades. A member's wallet (its balance can never go below zero: the CHECK
-- holds under racing requests) and every movement of it, newest first per member.
CREATE TABLE "wallets" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"balance_cents" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallets_balance_not_negative" CHECK ("balance_cents" >= 0)
);--> statement-breakpoint
CREATE TABLE "wallet_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"trade_id" integer,
	"authorization_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_entries_kind_check" CHECK ("kind" in ('trade_cash_credit', 'payout', 'payout_reversal')),
	CONSTRAINT "wallet_entries_amount_not_zero" CHECK ("amount_cents" <> 0)
);--> statement-breakpoint
CREATE INDEX "wallet_entries_user_idx" ON "wallet_entries" ("user_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_entries_one_credit_per_authorization" ON "wallet_entries" ("authorization_id") WHERE "kind" = 'trade_cash_credit';
