-- The minutely jobs read only what is due: pending proposals by their expiry, accepted trades by
-- their ship deadline, premium members by the end of their period. Before, the trade sweep walked
-- every trade in id order (200,000 rows read to keep none, 95 ms warm and 0.7 s cold on the load
-- data, every minute) and the lapse job every member (docs/benchmarks.md, "Live delivery").
CREATE INDEX "trades_pending_expires_idx" ON "trades" USING btree ("expires_at") WHERE "trades"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "trades_accepted_ship_by_idx" ON "trades" USING btree ("ship_by") WHERE "trades"."status" = 'accepted';--> statement-breakpoint
CREATE INDEX "users_premium_period_end_idx" ON "users" USING btree ("membership_period_end") WHERE "users"."is_premium_member";