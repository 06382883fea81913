CREATE TABLE "loop_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"loop_id" integer NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loop_legs" (
	"id" serial PRIMARY KEY NOT NULL,
	"loop_id" integer NOT NULL,
	"position" integer NOT NULL,
	"from_user_id" uuid NOT NULL,
	"to_user_id" uuid NOT NULL,
	"sneaker_ids" integer[] NOT NULL,
	"value" numeric(10, 2) NOT NULL,
	"accepted_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"tracking_number" text,
	"received_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "loops" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"escrow_status" text DEFAULT 'pending' NOT NULL,
	"accept_by" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"ship_by" timestamp with time zone,
	"lock_hash" text,
	"disputed_by_id" uuid,
	"dispute_reason" text,
	"completed_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_a_id" uuid NOT NULL,
	"user_b_id" uuid NOT NULL,
	"sneaker_a_id" integer NOT NULL,
	"sneaker_b_id" integer NOT NULL,
	"notified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wants" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"catalog_release_id" integer NOT NULL,
	"sizes" text[] NOT NULL,
	"min_condition" numeric(3, 1) NOT NULL,
	"max_value" numeric(10, 2),
	"rank" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "trade_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "escrow_locks" ALTER COLUMN "trade_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "loop_id" integer;--> statement-breakpoint
ALTER TABLE "escrow_locks" ADD COLUMN "loop_id" integer;--> statement-breakpoint
ALTER TABLE "loop_events" ADD CONSTRAINT "loop_events_loop_id_loops_id_fk" FOREIGN KEY ("loop_id") REFERENCES "public"."loops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loop_events" ADD CONSTRAINT "loop_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loop_legs" ADD CONSTRAINT "loop_legs_loop_id_loops_id_fk" FOREIGN KEY ("loop_id") REFERENCES "public"."loops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loop_legs" ADD CONSTRAINT "loop_legs_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loop_legs" ADD CONSTRAINT "loop_legs_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loops" ADD CONSTRAINT "loops_disputed_by_id_users_id_fk" FOREIGN KEY ("disputed_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_user_a_id_users_id_fk" FOREIGN KEY ("user_a_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_user_b_id_users_id_fk" FOREIGN KEY ("user_b_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_sneaker_a_id_sneakers_id_fk" FOREIGN KEY ("sneaker_a_id") REFERENCES "public"."sneakers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_sneaker_b_id_sneakers_id_fk" FOREIGN KEY ("sneaker_b_id") REFERENCES "public"."sneakers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wants" ADD CONSTRAINT "wants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wants" ADD CONSTRAINT "wants_catalog_release_id_catalog_releases_id_fk" FOREIGN KEY ("catalog_release_id") REFERENCES "public"."catalog_releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loop_events_loop_idx" ON "loop_events" USING btree ("loop_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "loop_legs_position_key" ON "loop_legs" USING btree ("loop_id","position");--> statement-breakpoint
CREATE INDEX "loop_legs_from_idx" ON "loop_legs" USING btree ("from_user_id");--> statement-breakpoint
CREATE INDEX "loop_legs_to_idx" ON "loop_legs" USING btree ("to_user_id");--> statement-breakpoint
CREATE INDEX "loop_legs_sneakers_idx" ON "loop_legs" USING gin ("sneaker_ids");--> statement-breakpoint
CREATE INDEX "loops_status_idx" ON "loops" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "matches_pairs_key" ON "matches" USING btree ("sneaker_a_id","sneaker_b_id");--> statement-breakpoint
CREATE INDEX "matches_user_a_idx" ON "matches" USING btree ("user_a_id");--> statement-breakpoint
CREATE INDEX "matches_user_b_idx" ON "matches" USING btree ("user_b_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wants_user_release_key" ON "wants" USING btree ("user_id","catalog_release_id");--> statement-breakpoint
CREATE INDEX "wants_user_rank_idx" ON "wants" USING btree ("user_id","rank");--> statement-breakpoint
CREATE INDEX "wants_release_idx" ON "wants" USING btree ("catalog_release_id");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_loop_id_loops_id_fk" FOREIGN KEY ("loop_id") REFERENCES "public"."loops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escrow_locks" ADD CONSTRAINT "escrow_locks_loop_id_loops_id_fk" FOREIGN KEY ("loop_id") REFERENCES "public"."loops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_loop_idx" ON "ledger_entries" USING btree ("loop_id");--> statement-breakpoint
CREATE INDEX "escrow_locks_loop_idx" ON "escrow_locks" USING btree ("loop_id");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_subject_check" CHECK (("ledger_entries"."trade_id" is null) <> ("ledger_entries"."loop_id" is null));--> statement-breakpoint
ALTER TABLE "escrow_locks" ADD CONSTRAINT "escrow_locks_owner_check" CHECK (("escrow_locks"."trade_id" is null) <> ("escrow_locks"."loop_id" is null));