-- Issue #42: step-up values a pair by the one valuation (market price by condition, else the owner's
-- estimate), so a lowered condition must count at its old value for 10 minutes as a lowered estimate
-- does. Each change of a pair's estimate or condition now keeps the condition it replaced too; rows
-- from before this migration have none (the pair's condition now is read for them).
ALTER TABLE "sneaker_estimate_changes" ADD COLUMN "condition" numeric(3, 1);
