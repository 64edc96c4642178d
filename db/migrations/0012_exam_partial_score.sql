ALTER TABLE "exam_answers" ALTER COLUMN "score" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "exam_attempts" ALTER COLUMN "score" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "exam_attempts" ALTER COLUMN "objective_score" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "is_partial_score" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "partial_score_rate" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "is_blank_score" smallint DEFAULT 0 NOT NULL;