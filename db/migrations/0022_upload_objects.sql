CREATE TABLE "upload_objects" (
	"key" text PRIMARY KEY NOT NULL,
	"owner_id" bigint,
	"biz_code" varchar(20) NOT NULL,
	"purpose" varchar(20) DEFAULT 'file' NOT NULL,
	"is_public" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "upload_objects" ADD CONSTRAINT "upload_objects_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_objects_owner_idx" ON "upload_objects" USING btree ("owner_id");