-- Issue #30: a via-authentication trade failed by the centre records whose pair failed (or never
-- arrived), so that member's protection hold is captured for the other side (docs/rules/money.md#protection-holds).
ALTER TABLE "trades" ADD COLUMN "failed_inspection_member_id" uuid REFERENCES "users"("id");
