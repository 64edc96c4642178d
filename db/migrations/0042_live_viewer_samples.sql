CREATE TABLE "live_viewer_samples" (
	"live_id" bigint NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"source" varchar(40) NOT NULL,
	"online" integer NOT NULL,
	CONSTRAINT "live_viewer_samples_pk" PRIMARY KEY("live_id","minute","source")
);
--> statement-breakpoint
ALTER TABLE "live_viewer_samples" ADD CONSTRAINT "live_viewer_samples_live_id_lives_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."lives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_viewer_samples_minute_idx" ON "live_viewer_samples" USING btree ("minute");