CREATE TABLE "daily_figures" (
	"day" date NOT NULL,
	"metric" varchar(40) NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_figures_pk" PRIMARY KEY("day","metric")
);
--> statement-breakpoint
-- What the dashboard sweep reads one China-time day at a time (decision 035); kept out of the domains' table
-- definitions, which the dashboard only reads.
CREATE INDEX IF NOT EXISTS "user_study_days_day_idx" ON "user_study_days" USING btree ("day","content_type","content_id","user_id") INCLUDE ("seconds");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_created_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_courses_completed_idx" ON "user_courses" USING btree ("completed_at") WHERE "completed_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "exam_attempts_submitted_idx" ON "exam_attempts" USING btree ("submitted_at") WHERE "submitted_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "live_messages_sent_idx" ON "live_messages" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_paid_idx" ON "orders" USING btree ("paid_at") WHERE "paid_at" IS NOT NULL;
