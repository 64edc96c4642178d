CREATE INDEX "lives_name_trgm" ON "lives" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "lives_teacher_trgm" ON "lives" USING gin ("teacher_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "exams_name_trgm" ON "exams" USING gin ("name" gin_trgm_ops);