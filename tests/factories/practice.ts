import type { DbOrTx } from "@db/client";
import { examPractices, materialFolders } from "@db/schema";

/** A folder of the question bank (kind 3, as the question bank page makes). */
export async function createQuestionFolder(db: DbOrTx, name: string, parentId?: number) {
  const [row] = await db.insert(materialFolders).values({ name, kind: 3, parentId: parentId ?? null }).returning();
  return row!;
}

export interface PracticeSpec {
  name?: string;
  description?: string;
  folderIds: number[];
  /** [modeType, questionCount]: 1 sequential, 2 random, 3 by question type. */
  modes?: [1 | 2 | 3, number][];
  openRange?: { kind: "role" | "group" | "tag" | "region"; target: string }[];
  userIds?: number[];
  status?: 0 | 1;
}

const MODE_NAMES = { 1: "顺序练习", 2: "随机练习", 3: "题型练习" } as const;

/** A practice as the back office leaves it after saveBase, saveMode, saveOpenRange and enable. */
export async function createPractice(db: DbOrTx, spec: PracticeSpec) {
  const modes = (spec.modes ?? [[1, 20], [2, 10], [3, 10]]).map(([modeType, questionCount], i) => ({ id: i + 1, modeType, name: MODE_NAMES[modeType], questionCount }));
  const [row] = await db
    .insert(examPractices)
    .values({
      name: spec.name ?? "政府采购法规练习",
      description: spec.description ?? "",
      folderIds: spec.folderIds,
      modes,
      openRange: spec.openRange ?? [],
      userIds: spec.userIds ?? [],
      status: spec.status ?? 1,
    })
    .returning();
  return row!;
}
