import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "@db/client";
import { certTemplates, courses, exams, learningPathMembers, learningPathNodes, learningPaths, lives, recommends, users } from "@db/schema";
import { addTemplate, bind } from "@trpc-app/cert/template.service";
import { defaultFields } from "@base/cert-layout";
import { configureNodes, setStatus } from "@trpc-app/path/admin.service";
import { enterNode, settleMember } from "@trpc-app/path/path.service";
import { createItem } from "../../tests/factories/operate";
import { bannerPicture } from "./operate";

const DAY = 86_400_000;
export const DEMO_MAP_NAME = "政府采购全流程实务学习地图";

/**
 * The demo map: two stages (two courses; a live replay, the annual exam and the certificate), a
 * check-in campaign from ten days ago to twenty days ahead, the demo learner and four colleagues on it.
 */
export async function seedPaths(db: Db) {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.loginName, "demo_admin"));
  if (!admin) return;
  const courseRows = await db.select({ id: courses.id }).from(courses).where(eq(courses.status, 1)).orderBy(asc(courses.id)).limit(2);
  const [replay] = await db.select({ id: lives.id }).from(lives).where(eq(lives.name, "框架协议采购实务操作"));
  const [exam] = await db.select({ id: exams.id }).from(exams).where(eq(exams.name, "2026年度政府采购从业人员能力测评"));
  if (courseRows.length < 2) return;

  const now = Date.now();
  const cover = await bannerPicture("map-procurement", "政府采购全流程", "法规 · 实务 · 考核 · 证书", "0x1d6fe8", "720x405");
  const [map] = await db
    .insert(learningPaths)
    .values({
      name: DEMO_MAP_NAME,
      coverUrl: cover,
      description:
        "面向采购人、采购代理机构从业人员的系统学习路径：先学《政府采购法》及实施条例等法规基础，再进入采购需求、框架协议等实务操作，最后参加年度能力测评。全部完成即可获得结业证书；学习期间每天学习满1分钟即可打卡，连续打卡3天、7天、15天可获得对应勋章。",
      status: 0,
      checkInEnabled: 1,
      checkInStart: new Date(now - 10 * DAY),
      checkInEnd: new Date(now + 20 * DAY),
      sort: 0,
      createdBy: admin.id,
    })
    .returning();

  // The certificate template of the map, drawn like the other seeded ones.
  const [model] = await db.select().from(certTemplates).where(eq(certTemplates.prefix, "CYPX"));
  const t = await addTemplate(db, admin.id, {
    name: "学习地图结业证书",
    certName: "政府采购全流程实务结业证书",
    prefix: "CYDT",
    backgroundUrl: model?.backgroundUrl ?? undefined,
    sealUrl: model?.sealUrl ?? undefined,
    issuerName: "财云学院",
    validityMonths: 0,
    fields: defaultFields().filter((f) => f.key !== "score"),
  });
  await bind(db, { templateId: t.id, businessType: 6, businessId: map!.id });

  await configureNodes(db, {
    id: map!.id,
    sections: [
      {
        title: "法规与基础",
        nodes: courseRows.map((c) => ({ relationContentType: 1, relationContentId: c.id, unlockType: 1 })),
      },
      {
        title: "实务与考核",
        nodes: [
          ...(replay ? [{ relationContentType: 2, relationContentId: replay.id, unlockType: 1 }] : []),
          { relationContentType: 0, nodeName: "中国政府采购网：政策法规库", relationContentLinkUrl: "https://www.ccgp.gov.cn/zcfg/", unlockType: 0 },
          ...(exam ? [{ relationContentType: 3, relationContentId: exam.id, unlockType: 2, unlockTime: now - 2 * DAY, isExamJump: 1 as const }] : []),
          { relationContentType: 4, nodeName: "结业证书", unlockType: 1 },
        ],
      },
    ],
  });
  await setStatus(db, map!.id, 1);

  const people = await db.select({ id: users.id, loginName: users.loginName }).from(users).where(inArray(users.loginName, ["demo_learner", "zhangmin_cg", "chenjing88", "liuyang_zb", "huangli_cw"]));
  for (const [i, p] of people.entries())
    await db.insert(learningPathMembers).values({ pathId: map!.id, userId: p.id, source: p.loginName === "demo_learner" ? "entry" : "admin", joinedAt: new Date(now - (9 - i) * DAY) });
  const learner = people.find((p) => p.loginName === "demo_learner");
  if (learner) {
    // The demo learner visited the policy library link; the rest of the map follows their real study.
    const [linkNode] = await db.select().from(learningPathNodes).where(and(eq(learningPathNodes.pathId, map!.id), eq(learningPathNodes.contentType, 0)));
    if (linkNode) await enterNode(db, { id: learner.id, isAdmin: 0 }, linkNode.id, new Date(now - 3 * DAY)).catch(() => undefined);
    await db.update(learningPathMembers).set({ lastVisitAt: new Date(now - DAY) }).where(and(eq(learningPathMembers.pathId, map!.id), eq(learningPathMembers.userId, learner.id)));
  }
  for (const p of people) await settleMember(db, map!, p.id);

  await seedSoldMap(db, admin.id);

  // On the home page's certification corner.
  const [corner] = await db.select({ id: recommends.id }).from(recommends).where(eq(recommends.name, "认证专区"));
  if (corner) await createItem(db, { recommendId: corner.id, type: 4, recommendObjectId: map!.id, name: DEMO_MAP_NAME, picUrl: cover, teacher: "", isFree: 1 });
}

export const SOLD_MAP_NAME = "政府采购评审专家能力提升地图";

/** A sold map (¥199, 8 class hours): two sold courses and the sold live, opened together once bought. */
async function seedSoldMap(db: Db, adminId: number) {
  const sold = await db.select({ id: courses.id }).from(courses).where(and(eq(courses.status, 1), eq(courses.isFree, 0))).orderBy(asc(courses.id)).limit(2);
  const [live] = await db.select({ id: lives.id }).from(lives).where(eq(lives.name, "政府采购内部控制建设实务（付费专场）"));
  if (!sold.length) return;
  const cover = await bannerPicture("map-expert", "评审专家能力提升", "评审规范 · 内控 · 实务", "0x0e7c66", "720x405");
  const [map] = await db
    .insert(learningPaths)
    .values({
      name: SOLD_MAP_NAME,
      coverUrl: cover,
      description: "面向政府采购评审专家与采购代理机构项目负责人：评审规范、合同管理与单位内控的进阶课程组合。购买地图即开通地图中的全部付费课程与直播，按顺序完成可获8学分。",
      status: 0,
      isFree: 0,
      price: 19_900,
      scribingPrice: 29_900,
      learnHour: 8,
      sort: 1,
      createdBy: adminId,
    })
    .returning();
  await configureNodes(db, {
    id: map!.id,
    sections: [
      {
        title: "进阶实务",
        nodes: [...sold.map((c) => ({ relationContentType: 1, relationContentId: c.id, unlockType: 1 })), ...(live ? [{ relationContentType: 2, relationContentId: live.id, unlockType: 1 }] : [])],
      },
    ],
  });
  await setStatus(db, map!.id, 1);
}
