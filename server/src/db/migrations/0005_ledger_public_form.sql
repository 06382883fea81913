-- The public ledger stops showing who traded with whom: each entry gets an opaque per-trade
-- reference and a salted commitment to its private details. The columns are added empty, then
-- filled for the rows already there. Commitments and the chain hashes need the application's
-- canonical JSON, so the start-up step convertLegacyLedger (server/src/modules/ledger) computes
-- them for rows whose commitment is still null.
ALTER TABLE "ledger_entries" ADD COLUMN "trade_ref" text;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "salt" text;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "commitment" text;--> statement-breakpoint
-- One random reference per trade: 24 hex digits of gen_random_uuid (about 90 random bits).
UPDATE "ledger_entries" AS l SET "trade_ref" = r.ref
FROM (
  SELECT t.trade_id, substr(replace(gen_random_uuid()::text, '-', ''), 1, 24) AS ref
  FROM (SELECT DISTINCT "trade_id" FROM "ledger_entries") AS t
) AS r
WHERE l."trade_id" = r.trade_id;--> statement-breakpoint
-- One random salt per entry (gen_random_uuid is volatile: a new value on every row).
UPDATE "ledger_entries" SET "salt" = replace(gen_random_uuid()::text, '-', '');--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "trade_ref" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "salt" SET NOT NULL;
