DROP INDEX "sneakers_value_idx";--> statement-breakpoint
ALTER TABLE "sneakers" ADD COLUMN "display_value" numeric(10, 2) GENERATED ALWAYS AS (coalesce(market_price, estimated_value)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "sneakers_display_value_idx" ON "sneakers" USING btree ("display_value","id");