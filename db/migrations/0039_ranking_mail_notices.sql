CREATE TABLE "operate_notice_likes" (
	"notice_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operate_notice_likes_notice_id_user_id_pk" PRIMARY KEY("notice_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "admin_messages" ADD COLUMN "kind" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "station_messages" ADD COLUMN "kind" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "operate_notice_likes" ADD CONSTRAINT "operate_notice_likes_notice_id_operate_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."operate_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operate_notice_likes" ADD CONSTRAINT "operate_notice_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operate_notice_likes_user_idx" ON "operate_notice_likes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_learn_time_idx" ON "users" USING btree ("learn_time");--> statement-breakpoint
CREATE INDEX "user_study_days_day_user_idx" ON "user_study_days" USING btree ("day","user_id","seconds");