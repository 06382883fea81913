-- Issue #39 / decisions §14: premium's Enhanced Security confirms a sign-in from a new device by an
-- e-mail link before that session may move money or change addresses. A device is a browser holding
-- our device cookie (a random id, stored here only as its SHA-256). One row per member and device:
-- confirmed (confirmed_at set) or waiting for its link (token_hash, the SHA-256 of the newest link's
-- token, good until link_expires_at).
CREATE TABLE "device_confirmations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"device_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"token_hash" text,
	"link_expires_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "device_confirmations_device_idx" ON "device_confirmations" ("user_id","device_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "device_confirmations_token_idx" ON "device_confirmations" ("token_hash");
