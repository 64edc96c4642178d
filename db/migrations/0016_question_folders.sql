-- The question bank gets folders of its own (kind 3), apart from the courseware library (kind 1) and
-- photos and videos (kind 2). Until now questions were filed in kind-1 folders, so every folder that
-- holds a question, is chosen by a practice or is named by a paper rule becomes kind 3, with every
-- folder under it. Library files filed in such a folder move to a new folder of the old kind and
-- name, so the courseware library keeps them; a converted folder under a folder that stays in the
-- library becomes a top-level question folder.
CREATE TEMP TABLE "question_folder_ids" AS
WITH RECURSIVE "seeds" AS (
  SELECT "folder_id" AS "id" FROM "exam_questions" WHERE "folder_id" IS NOT NULL AND "deleted_at" IS NULL
  UNION
  SELECT ("e"."value")::bigint FROM "exam_practices" "p", jsonb_array_elements_text("p"."folder_ids") "e"
  WHERE "p"."deleted_at" IS NULL AND jsonb_typeof("p"."folder_ids") = 'array' AND "e"."value" ~ '^[0-9]+$'
  UNION
  SELECT ("r"."value"->>'folderId')::bigint FROM "exam_papers" "pa", jsonb_array_elements("pa"."rules") "r"
  WHERE "pa"."deleted_at" IS NULL AND jsonb_typeof("pa"."rules") = 'array' AND jsonb_typeof("r"."value"->'folderId') = 'number'
), "tree" AS (
  SELECT "f"."id" FROM "material_folders" "f" JOIN "seeds" "s" ON "s"."id" = "f"."id"
  UNION
  SELECT "c"."id" FROM "material_folders" "c" JOIN "tree" "t" ON "c"."parent_id" = "t"."id"
)
SELECT "id" FROM "tree";
--> statement-breakpoint
INSERT INTO "material_folders" ("parent_id", "kind", "name", "sort", "setting")
SELECT
  CASE WHEN "f"."parent_id" IN (SELECT "id" FROM "question_folder_ids") THEN NULL ELSE "f"."parent_id" END,
  "f"."kind", "f"."name", "f"."sort",
  "f"."setting" || jsonb_build_object('questionFolderSplitFrom', "f"."id")
FROM "material_folders" "f"
WHERE "f"."id" IN (SELECT "id" FROM "question_folder_ids") AND "f"."kind" <> 3
  AND EXISTS (SELECT 1 FROM "material_items" "i" WHERE "i"."folder_id" = "f"."id" AND "i"."deleted_at" IS NULL)
ORDER BY "f"."id";
--> statement-breakpoint
UPDATE "material_folders" "t" SET "parent_id" = "pt"."id"
FROM "material_folders" "o", "material_folders" "pt"
WHERE "t"."setting"->>'questionFolderSplitFrom' IS NOT NULL AND "o"."id" = ("t"."setting"->>'questionFolderSplitFrom')::bigint
  AND "pt"."setting"->>'questionFolderSplitFrom' IS NOT NULL AND ("pt"."setting"->>'questionFolderSplitFrom')::bigint = "o"."parent_id";
--> statement-breakpoint
UPDATE "material_items" "i" SET "folder_id" = "t"."id"
FROM "material_folders" "t"
WHERE "t"."setting"->>'questionFolderSplitFrom' IS NOT NULL AND "i"."folder_id" = ("t"."setting"->>'questionFolderSplitFrom')::bigint;
--> statement-breakpoint
UPDATE "material_folders" SET "setting" = "setting" - 'questionFolderSplitFrom' WHERE "setting"->>'questionFolderSplitFrom' IS NOT NULL;
--> statement-breakpoint
UPDATE "material_folders" SET "parent_id" = NULL
WHERE "id" IN (SELECT "id" FROM "question_folder_ids") AND "parent_id" IS NOT NULL
  AND "parent_id" NOT IN (SELECT "id" FROM "question_folder_ids");
--> statement-breakpoint
UPDATE "material_folders" SET "kind" = 3 WHERE "id" IN (SELECT "id" FROM "question_folder_ids") AND "kind" <> 3;
--> statement-breakpoint
DROP TABLE "question_folder_ids";
