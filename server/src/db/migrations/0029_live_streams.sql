-- Open live streams, one row each, so the per-member cap (16) counts every instance instead of
-- each instance on its own (issue #26): rows expire unless their instance renews them.
CREATE TABLE "live_streams" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "live_streams_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"instance_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_streams" ADD CONSTRAINT "live_streams_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_streams_user_id_idx" ON "live_streams" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "live_streams_instance_id_idx" ON "live_streams" USING btree ("instance_id");--> statement-breakpoint
-- Every list leaves suspended members' listings out (issue #26): this finds the few suspended members.
CREATE INDEX "users_suspended_idx" ON "users" USING btree ("id") WHERE "users"."suspended_at" is not null;
