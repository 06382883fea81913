-- Issue #30: members' address books, the ship-to address each side of a trade chose (a copy of the
-- book entry), and the record of every read of another member's address.
CREATE TABLE "member_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"line1" text NOT NULL,
	"line2" text,
	"city" text NOT NULL,
	"region" text,
	"postal_code" text NOT NULL,
	"country" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "member_addresses_user_idx" ON "member_addresses" ("user_id","id" DESC);--> statement-breakpoint
CREATE TABLE "trade_ship_to" (
	"trade_id" integer NOT NULL REFERENCES "trades"("id") ON DELETE cascade,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"address_id" integer REFERENCES "member_addresses"("id") ON DELETE set null,
	"name" text NOT NULL,
	"line1" text NOT NULL,
	"line2" text,
	"city" text NOT NULL,
	"region" text,
	"postal_code" text NOT NULL,
	"country" text NOT NULL,
	"chosen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_ship_to_trade_id_user_id_pk" PRIMARY KEY("trade_id","user_id")
);--> statement-breakpoint
CREATE TABLE "address_reads" (
	"id" serial PRIMARY KEY NOT NULL,
	"reader_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"owner_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"trade_id" integer NOT NULL REFERENCES "trades"("id") ON DELETE cascade,
	"reason" text NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "address_reads_owner_idx" ON "address_reads" ("owner_id","id" DESC);--> statement-breakpoint
CREATE INDEX "address_reads_trade_idx" ON "address_reads" ("trade_id");
