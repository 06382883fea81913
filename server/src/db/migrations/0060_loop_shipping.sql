-- Issue #40: loops as trades of several legs. Each member chooses where their incoming leg goes
-- (loop_ship_to, the same copy of a book entry as trade_ship_to); a read of a loop member's
-- address is recorded like a trade's (address_reads names the trade or the loop); and a loop has a
-- chat for its members (messages and message_reads name a trade, a loop or a conversation).
CREATE TABLE "loop_ship_to" (
	"loop_id" integer NOT NULL REFERENCES "loops"("id") ON DELETE cascade,
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
	CONSTRAINT "loop_ship_to_loop_id_user_id_pk" PRIMARY KEY("loop_id","user_id")
);--> statement-breakpoint
ALTER TABLE "address_reads" ALTER COLUMN "trade_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "address_reads" ADD COLUMN "loop_id" integer REFERENCES "loops"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "address_reads" ADD CONSTRAINT "address_reads_one_subject" CHECK (("address_reads"."trade_id" is null) <> ("address_reads"."loop_id" is null));--> statement-breakpoint
CREATE INDEX "address_reads_loop_idx" ON "address_reads" ("loop_id");--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "loop_id" integer REFERENCES "loops"("id");--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_one_thread";--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_one_thread" CHECK (num_nonnulls("messages"."trade_id", "messages"."conversation_id", "messages"."loop_id") = 1);--> statement-breakpoint
CREATE INDEX "messages_loop_id_idx" ON "messages" ("loop_id","id");--> statement-breakpoint
ALTER TABLE "message_reads" ADD COLUMN "loop_id" integer REFERENCES "loops"("id");--> statement-breakpoint
ALTER TABLE "message_reads" DROP CONSTRAINT "message_reads_one_thread";--> statement-breakpoint
ALTER TABLE "message_reads" ADD CONSTRAINT "message_reads_one_thread" CHECK (num_nonnulls("message_reads"."trade_id", "message_reads"."conversation_id", "message_reads"."loop_id") = 1);--> statement-breakpoint
CREATE UNIQUE INDEX "message_reads_loop_key" ON "message_reads" ("user_id","loop_id") WHERE "message_reads"."loop_id" is not null;
