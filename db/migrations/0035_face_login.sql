ALTER TABLE "face_tickets" ADD COLUMN "consumed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "face_tickets_third_user_idx" ON "face_tickets" USING btree ("third_user_id");