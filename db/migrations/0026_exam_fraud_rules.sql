ALTER TABLE "exam_attempts" ADD COLUMN "screen_cut_times" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "voided_by_fraud" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_fraud_checks" ADD COLUMN "checked_by" bigint;--> statement-breakpoint
ALTER TABLE "exam_fraud_checks" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exam_verifications" ADD COLUMN "flagged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exam_verifications" ADD COLUMN "flagged_by" bigint;--> statement-breakpoint
ALTER TABLE "exam_verifications" ADD COLUMN "flag_note" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
-- One record per attempt: older duplicates (the newest row of an attempt is kept) go first.
DELETE FROM "exam_fraud_checks" f USING "exam_fraud_checks" g WHERE f."attempt_id" = g."attempt_id" AND f."id" < g."id";--> statement-breakpoint
CREATE UNIQUE INDEX "exam_fraud_checks_attempt_uq" ON "exam_fraud_checks" USING btree ("attempt_id");--> statement-breakpoint
CREATE INDEX "exam_fraud_checks_exam_idx" ON "exam_fraud_checks" USING btree ("exam_id","status");--> statement-breakpoint
CREATE INDEX "exam_fraud_checks_user_idx" ON "exam_fraud_checks" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "exam_verifications_attempt_idx" ON "exam_verifications" USING btree ("attempt_id");