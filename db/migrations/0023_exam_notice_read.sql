ALTER TABLE "exam_members" ADD COLUMN "notice_shown_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exam_members" ADD COLUMN "notice_read_at" timestamp with time zone;