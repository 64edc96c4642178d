CREATE TABLE "live_like_batches" (
	"batch_id" varchar(40) PRIMARY KEY NOT NULL,
	"live_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_like_batches" ADD CONSTRAINT "live_like_batches_live_id_lives_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."lives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_like_batches_created_idx" ON "live_like_batches" USING btree ("created_at");