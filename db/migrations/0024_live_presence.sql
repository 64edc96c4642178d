ALTER TABLE "live_watch_records" ADD COLUMN "presence_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "live_watch_records" ADD COLUMN "playback_at" timestamp with time zone;