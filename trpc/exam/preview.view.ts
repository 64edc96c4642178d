import { inArray } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { examQuestions } from "@db/schema";

export async function examDetailForPreview(db: DbOrTx, ids: number[]) {
  const rows = ids.length ? await db.select().from(examQuestions).where(inArray(examQuestions.id, ids)) : [];
  return new Map(rows.map((q) => [q.id, q]));
}
