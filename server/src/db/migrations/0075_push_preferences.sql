-- Issue #45: which kinds of notice a member does not want pushed to their devices (they stay in the
-- bell, and e-mail is unchanged). A member without a row gets every kind they keep in the bell pushed.
CREATE TABLE "push_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"muted_kinds" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
