import type { DbOrTx } from "@db/client";
import { learningPathMembers, learningPathNodes, learningPathSections, learningPaths } from "@db/schema";
import type { OpenRangeEntry } from "@base/open-range";

export interface PathNodeSpec {
  nodeName?: string;
  /** 0 link, 1 course, 2 live, 3 exam, 4 certificate. */
  contentType: 0 | 1 | 2 | 3 | 4;
  contentId?: number | null;
  linkUrl?: string | null;
  /** 0 free, 1 after the node before it (default), 2 from unlockAt. */
  unlockType?: 0 | 1 | 2;
  unlockAt?: Date | null;
  isExamJump?: 0 | 1;
}
export interface PathSpec {
  name?: string;
  description?: string;
  status?: 0 | 1;
  openRange?: OpenRangeEntry[];
  checkIn?: { start: Date; end: Date } | null;
  /** Sections in order, each with its nodes in order. */
  sections: { title: string; nodes: PathNodeSpec[] }[];
  memberIds?: number[];
  /** Cents; a price makes the map sold (isFree 0). */
  price?: number;
}

let seq = 0;

/** A learning map with its sections and nodes (online unless said otherwise). */
export async function createPath(db: DbOrTx, spec: PathSpec) {
  seq += 1;
  const [path] = await db
    .insert(learningPaths)
    .values({
      name: spec.name ?? `政府采购学习地图${seq}`,
      description: spec.description ?? "",
      status: spec.status ?? 1,
      openRange: spec.openRange ?? [],
      checkInEnabled: spec.checkIn ? 1 : 0,
      checkInStart: spec.checkIn?.start ?? null,
      checkInEnd: spec.checkIn?.end ?? null,
      isFree: spec.price ? 0 : 1,
      price: spec.price ?? 0,
    })
    .returning();
  const nodes: (typeof learningPathNodes.$inferSelect)[] = [];
  let sort = 0;
  for (const [i, s] of spec.sections.entries()) {
    const [section] = await db.insert(learningPathSections).values({ pathId: path!.id, title: s.title, sort: i + 1 }).returning();
    for (const n of s.nodes) {
      sort += 1;
      const [node] = await db
        .insert(learningPathNodes)
        .values({
          pathId: path!.id,
          sectionId: section!.id,
          nodeName: n.nodeName ?? `节点${sort}`,
          contentType: n.contentType,
          contentId: n.contentId ?? null,
          linkUrl: n.linkUrl ?? null,
          unlockType: n.unlockType ?? 1,
          unlockAt: n.unlockAt ?? null,
          isExamJump: n.isExamJump ?? 1,
          sort,
        })
        .returning();
      nodes.push(node!);
    }
  }
  for (const userId of spec.memberIds ?? []) await db.insert(learningPathMembers).values({ pathId: path!.id, userId, source: "admin" });
  return { path: path!, nodes };
}
