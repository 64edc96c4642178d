CREATE TABLE "site_contents" (
	"site_id" bigint NOT NULL,
	"content_type" smallint NOT NULL,
	"content_id" bigint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "sites_path_name_uq";--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "description" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "content_scope" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "created_by" bigint;--> statement-breakpoint
ALTER TABLE "site_contents" ADD CONSTRAINT "site_contents_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "site_contents_uq" ON "site_contents" USING btree ("site_id","content_type","content_id");--> statement-breakpoint
CREATE INDEX "site_contents_content_idx" ON "site_contents" USING btree ("content_type","content_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sites_path_name_uq" ON "sites" USING btree ("path_name") WHERE "sites"."deleted_at" is null;