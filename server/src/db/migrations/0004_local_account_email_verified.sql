ALTER TABLE "local_accounts" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
-- Accounts made before e-mail confirmation existed stay unconfirmed: nobody proved they own the
-- address. The exception is the demo members, whose accounts the demo seeder created itself right
-- after their member rows, so they keep signing in to those rows.
UPDATE "local_accounts" SET "email_verified_at" = "created_at"
WHERE "email" IN ('kicksqueen@soleswap.local', 'solecollector@soleswap.local', 'grailhunter@soleswap.local', 'terracelad@soleswap.local')
  AND EXISTS (SELECT 1 FROM "users" WHERE "users"."email" = "local_accounts"."email" AND "users"."created_at" <= "local_accounts"."created_at");
