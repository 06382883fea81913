-- Every start asks for the oldest ledger entry still without a commitment (the public-form
-- conversion); without an index it walked the whole chain: 0.1 s warm and 2.3 s cold at a million
-- entries, at each start of each instance (docs/benchmarks.md, "Live delivery").
CREATE INDEX "ledger_entries_legacy_idx" ON "ledger_entries" USING btree ("id") WHERE "ledger_entries"."commitment" is null;