CREATE TABLE "analytics_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"user_id" uuid,
	"visitor_ip" text,
	"user_agent" text,
	"referer" text,
	"page" text NOT NULL,
	"action" text DEFAULT 'page_view' NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"country" text,
	"city" text,
	"device" text,
	"browser" text
);
--> statement-breakpoint
CREATE TABLE "daily_stats" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"total_visitors" integer DEFAULT 0 NOT NULL,
	"unique_visitors" integer DEFAULT 0 NOT NULL,
	"page_views" integer DEFAULT 0 NOT NULL,
	"new_users" integer DEFAULT 0 NOT NULL,
	"returning_users" integer DEFAULT 0 NOT NULL,
	"avg_session_duration" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_stats_date_unique" UNIQUE("date")
);
--> statement-breakpoint
CREATE TABLE "catalog_releases" (
	"id" serial PRIMARY KEY NOT NULL,
	"style_code" text NOT NULL,
	"name" text NOT NULL,
	"brand" text NOT NULL,
	"model" text NOT NULL,
	"colorway" text NOT NULL,
	"release_date" date NOT NULL,
	"retail_price" numeric(10, 2) NOT NULL,
	"market_price" numeric(10, 2) NOT NULL,
	"price_range_low" numeric(10, 2) NOT NULL,
	"price_range_high" numeric(10, 2) NOT NULL,
	"sizes" text[] NOT NULL,
	"palette" jsonb NOT NULL,
	"popularity_rank" integer NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(name || ' ' || brand || ' ' || model || ' ' || colorway || ' ' || style_code)) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_releases_style_code_unique" UNIQUE("style_code")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"trade_id" integer NOT NULL,
	"sender_id" uuid NOT NULL,
	"content" text NOT NULL,
	"image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "early_signups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"signup_date" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text DEFAULT 'coming_soon_page' NOT NULL,
	"notified" boolean DEFAULT false NOT NULL,
	"ip_address" text,
	"user_agent" text,
	CONSTRAINT "early_signups_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "user_follows" (
	"id" serial PRIMARY KEY NOT NULL,
	"follower_id" uuid NOT NULL,
	"following_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "local_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"username" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_accounts_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "oidc_store" (
	"model" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "oidc_store_model_id_pk" PRIMARY KEY("model","id")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"priority" integer DEFAULT 100 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_at" timestamp with time zone,
	"locked_by" text,
	"done_at" timestamp with time zone,
	"last_error" text,
	"unique_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_unique_key_unique" UNIQUE("unique_key")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"trade_id" integer NOT NULL,
	"event" text NOT NULL,
	"payload" jsonb NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"status" text NOT NULL,
	"period" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_snapshots" (
	"id" serial PRIMARY KEY NOT NULL,
	"sneaker_id" integer,
	"catalog_release_id" integer,
	"price" numeric(10, 2) NOT NULL,
	"source" text NOT NULL,
	"captured_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"sid" text PRIMARY KEY NOT NULL,
	"sess" jsonb NOT NULL,
	"expire" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sneakers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"catalog_release_id" integer,
	"name" text NOT NULL,
	"brand" text NOT NULL,
	"model" text NOT NULL,
	"colorway" text,
	"size" text NOT NULL,
	"condition" numeric(3, 1) NOT NULL,
	"estimated_value" numeric(10, 2) NOT NULL,
	"image_url" text,
	"thumbnail_url" text,
	"image_hash" text,
	"is_verified" boolean DEFAULT false NOT NULL,
	"is_available_for_trade" boolean DEFAULT true NOT NULL,
	"description" text,
	"purchase_price" numeric(10, 2),
	"purchase_date" date,
	"verification_score" numeric(3, 2),
	"verification_source" text,
	"market_price" numeric(10, 2),
	"price_range_low" numeric(10, 2),
	"price_range_high" numeric(10, 2),
	"stockx_product_id" text,
	"goat_product_id" text,
	"last_verification_date" timestamp with time zone,
	"verification_details" jsonb,
	"search_text" text GENERATED ALWAYS AS (lower(name || ' ' || brand || ' ' || model || ' ' || coalesce(colorway, ''))) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "escrow_locks" (
	"sneaker_id" integer PRIMARY KEY NOT NULL,
	"trade_id" integer NOT NULL,
	"locked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"scope" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "trade_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"trade_id" integer NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_ratings" (
	"id" serial PRIMARY KEY NOT NULL,
	"trade_id" integer NOT NULL,
	"rater_id" uuid NOT NULL,
	"ratee_id" uuid NOT NULL,
	"score" smallint NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trades" (
	"id" serial PRIMARY KEY NOT NULL,
	"proposer_id" uuid NOT NULL,
	"receiver_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"proposer_sneaker_ids" integer[] NOT NULL,
	"receiver_sneaker_ids" integer[] NOT NULL,
	"proposer_message" text,
	"receiver_message" text,
	"blockchain_tx_hash" text,
	"escrow_status" text DEFAULT 'pending' NOT NULL,
	"parent_trade_id" integer,
	"accepted_at" timestamp with time zone,
	"proposer_shipped_at" timestamp with time zone,
	"receiver_shipped_at" timestamp with time zone,
	"proposer_tracking_number" text,
	"receiver_tracking_number" text,
	"proposer_received_at" timestamp with time zone,
	"receiver_received_at" timestamp with time zone,
	"proposer_cancel_requested_at" timestamp with time zone,
	"receiver_cancel_requested_at" timestamp with time zone,
	"dispute_reason" text,
	"disputed_by_id" uuid,
	"disputed_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"ship_by" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text,
	"first_name" text,
	"last_name" text,
	"profile_image_url" text,
	"username" text,
	"bio" text,
	"reputation" numeric(3, 2) DEFAULT '0.00' NOT NULL,
	"total_trades" integer DEFAULT 0 NOT NULL,
	"is_premium_member" boolean DEFAULT false NOT NULL,
	"membership_paid_at" timestamp with time zone,
	"payment_customer_id" text,
	"role" text DEFAULT 'member' NOT NULL,
	"oidc_issuer" text,
	"oidc_subject" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_follows" ADD CONSTRAINT "user_follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_follows" ADD CONSTRAINT "user_follows_following_id_users_id_fk" FOREIGN KEY ("following_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_snapshots" ADD CONSTRAINT "price_snapshots_sneaker_id_sneakers_id_fk" FOREIGN KEY ("sneaker_id") REFERENCES "public"."sneakers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_snapshots" ADD CONSTRAINT "price_snapshots_catalog_release_id_catalog_releases_id_fk" FOREIGN KEY ("catalog_release_id") REFERENCES "public"."catalog_releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sneakers" ADD CONSTRAINT "sneakers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sneakers" ADD CONSTRAINT "sneakers_catalog_release_id_catalog_releases_id_fk" FOREIGN KEY ("catalog_release_id") REFERENCES "public"."catalog_releases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escrow_locks" ADD CONSTRAINT "escrow_locks_sneaker_id_sneakers_id_fk" FOREIGN KEY ("sneaker_id") REFERENCES "public"."sneakers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escrow_locks" ADD CONSTRAINT "escrow_locks_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_events" ADD CONSTRAINT "trade_events_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_events" ADD CONSTRAINT "trade_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_ratings" ADD CONSTRAINT "trade_ratings_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_ratings" ADD CONSTRAINT "trade_ratings_rater_id_users_id_fk" FOREIGN KEY ("rater_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_ratings" ADD CONSTRAINT "trade_ratings_ratee_id_users_id_fk" FOREIGN KEY ("ratee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_proposer_id_users_id_fk" FOREIGN KEY ("proposer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_parent_trade_id_trades_id_fk" FOREIGN KEY ("parent_trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_disputed_by_id_users_id_fk" FOREIGN KEY ("disputed_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_time_idx" ON "analytics_events" USING btree ("timestamp");--> statement-breakpoint
CREATE INDEX "catalog_brand_idx" ON "catalog_releases" USING btree ("brand");--> statement-breakpoint
CREATE INDEX "catalog_search_trgm_idx" ON "catalog_releases" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "messages_trade_idx" ON "messages" USING btree ("trade_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_follows_pair_key" ON "user_follows" USING btree ("follower_id","following_id");--> statement-breakpoint
CREATE INDEX "user_follows_following_idx" ON "user_follows" USING btree ("following_id");--> statement-breakpoint
CREATE INDEX "oidc_store_grant_idx" ON "oidc_store" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oidc_store_uid_idx" ON "oidc_store" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "oidc_store_expires_idx" ON "oidc_store" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "jobs_ready_idx" ON "jobs" USING btree ("done_at","priority","run_at");--> statement-breakpoint
CREATE INDEX "ledger_trade_idx" ON "ledger_entries" USING btree ("trade_id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_key" ON "payments" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","period");--> statement-breakpoint
CREATE INDEX "price_snapshots_sneaker_idx" ON "price_snapshots" USING btree ("sneaker_id","captured_at");--> statement-breakpoint
CREATE INDEX "price_snapshots_release_idx" ON "price_snapshots" USING btree ("catalog_release_id","captured_at");--> statement-breakpoint
CREATE INDEX "sessions_expire_idx" ON "sessions" USING btree ("expire");--> statement-breakpoint
CREATE INDEX "sneakers_user_idx" ON "sneakers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sneakers_created_idx" ON "sneakers" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sneakers_brand_created_idx" ON "sneakers" USING btree ("brand","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sneakers_search_trgm_idx" ON "sneakers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "idempotency_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "trade_events_trade_idx" ON "trade_events" USING btree ("trade_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_ratings_once_key" ON "trade_ratings" USING btree ("trade_id","rater_id");--> statement-breakpoint
CREATE INDEX "trade_ratings_ratee_idx" ON "trade_ratings" USING btree ("ratee_id");--> statement-breakpoint
CREATE INDEX "trades_proposer_idx" ON "trades" USING btree ("proposer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trades_receiver_idx" ON "trades" USING btree ("receiver_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trades_status_idx" ON "trades" USING btree ("status");--> statement-breakpoint
CREATE INDEX "trades_proposer_sneakers_idx" ON "trades" USING gin ("proposer_sneaker_ids");--> statement-breakpoint
CREATE INDEX "trades_receiver_sneakers_idx" ON "trades" USING gin ("receiver_sneaker_ids");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_oidc_key" ON "users" USING btree ("oidc_issuer","oidc_subject");--> statement-breakpoint
CREATE INDEX "users_username_idx" ON "users" USING btree ("username");