-- Issue #42: a withdrawal asks where the money goes. In the sandbox a member gives a bank account:
-- only its holder's name, the last four digits of the account number and a sandbox token are kept
-- (never the full account or routing number). One per member; giving another replaces it.
CREATE TABLE "payout_bank_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"holder_name" text NOT NULL,
	"last4" text NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_bank_accounts_last4_check" CHECK ("last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
-- The payer's card holds, newest first, on their wallet page.
CREATE INDEX "cash_authorizations_payer_idx" ON "cash_authorizations" ("payer_id","id");
