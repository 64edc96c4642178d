import { existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { and, asc, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "@db/client";
import { courseChapters, courseCollections, courses, materialFolders, materialItems, operateCategories, tags, userCourses, users } from "@db/schema";
import { reportLearning } from "@trpc-app/course/progress.service";
import { probeDuration } from "@trpc-app/material/media";
import { uploadsRoot } from "@trpc-app/upload/config";
import { createCourse, createCourseware } from "../../tests/factories/course";
import { demoVideo, ffmpegAvailable, gradientPng, handoutPdf } from "./course-media";

type Row = [name: string, teacher: string, category: string, price: number, joined: number];

/** Titles practitioners search for; teacher, leaf category, price in cents, people joined. */
const COURSES: Row[] = [
  ["政府采购法实施条例解读", "王建明", "实施条例", 0, 15620],
  ["采购需求管理办法", "刘晓华", "采购需求", 0, 9842],
  ["框架协议采购实务", "陈志远", "框架协议", 19900, 4210],
  ["电子化采购操作", "赵立新", "部门规章", 0, 7315],
  ["政府采购质疑投诉处理", "孙丽萍", "质疑投诉", 0, 12034],
  ["政府采购法律体系概览", "王建明", "政府采购法", 0, 20512],
  ["政府采购货物和服务招标投标管理办法精讲", "周文斌", "部门规章", 9900, 6128],
  ["非招标采购方式管理办法解读", "周文斌", "部门规章", 0, 5402],
  ["竞争性磋商采购方式实务", "李海燕", "部门规章", 0, 8930],
  ["单一来源采购的适用与论证", "陈志远", "部门规章", 0, 3210],
  ["采购意向公开操作指引", "刘晓华", "采购需求", 0, 2876],
  ["采购需求调查与编制", "刘晓华", "采购需求", 9900, 3654],
  ["采购实施计划编制要点", "何明杰", "采购需求", 0, 2109],
  ["评审因素设置与量化", "何明杰", "采购需求", 0, 4480],
  ["框架协议采购管理办法逐条解读", "陈志远", "框架协议", 0, 5621],
  ["封闭式框架协议征集与授予", "陈志远", "框架协议", 0, 1830],
  ["开放式框架协议入围管理", "吴静", "框架协议", 0, 1264],
  ["政府采购合同管理实务", "杨国栋", "合同管理", 0, 6790],
  ["政府采购合同履约验收", "杨国栋", "合同管理", 0, 5233],
  ["政府采购合同范本使用指南", "杨国栋", "合同管理", 4900, 1876],
  ["质疑答复的规范写作", "孙丽萍", "质疑投诉", 0, 4012],
  ["投诉处理决定典型案例评析", "孙丽萍", "质疑投诉", 19900, 2890],
  ["政府采购行政裁决与诉讼", "郑宏", "质疑投诉", 0, 1544],
  ["政府采购促进中小企业发展管理办法", "赵立新", "部门规章", 0, 11250],
  ["政府采购支持绿色产品政策", "吴静", "部门规章", 0, 2345],
  ["进口产品采购审核管理", "郑宏", "部门规章", 0, 987],
  ["政府采购信息发布管理", "赵立新", "部门规章", 0, 3460],
  ["代理机构执业规范与监管", "李海燕", "政府采购法", 0, 7021],
  ["评审专家管理与评审纪律", "李海燕", "政府采购法", 0, 8123],
  ["政府采购法总则与采购当事人", "王建明", "政府采购法", 0, 13420],
  ["政府采购方式与程序", "王建明", "政府采购法", 0, 9876],
  ["政府采购法律责任", "郑宏", "政府采购法", 0, 4532],
  ["政府采购预算与资产配置", "何明杰", "实施条例", 0, 2210],
  ["履约保证金与投标保证金管理", "杨国栋", "实施条例", 0, 3341],
  ["政府采购监督检查实务", "郑宏", "实施条例", 9900, 1652],
  ["PPP项目政府采购操作", "周文斌", "实施条例", 29900, 1203],
  ["政府购买服务管理办法解读", "吴静", "实施条例", 0, 6540],
  ["政府采购内控制度建设", "何明杰", "采购需求", 0, 2987],
  ["采购文件编制常见问题", "李海燕", "采购需求", 0, 10234],
  ["政府采购档案管理规范", "赵立新", "合同管理", 0, 1432],
  ["政府采购业务全流程实训", "刘晓华", "合同管理", 39900, 856],
  ["新任采购人员入门必修", "王建明", "政府采购法", 0, 102345],
];

const TEACHER_INTRO: Record<string, string> = {
  王建明: "财政部政府采购评审专家，从事政府采购法律研究二十余年",
  刘晓华: "省级政府采购中心副主任，长期负责采购需求管理",
  陈志远: "高级经济师，参与框架协议采购制度研究与试点",
  赵立新: "电子化政府采购平台建设负责人",
  孙丽萍: "资深律师，专注政府采购质疑投诉与行政复议",
  周文斌: "招标代理行业协会专家委员",
  李海燕: "代理机构技术负责人，评审组织经验丰富",
  何明杰: "注册会计师，政府采购内控与预算管理顾问",
  吴静: "政府采购政策功能研究员",
  杨国栋: "合同管理与履约验收实务专家",
  郑宏: "法学博士，政府采购监督与行政裁决研究",
};

const PALETTES: [number, number, number][][] = [
  [[0, 107, 253], [72, 190, 255]],
  [[14, 91, 170], [0, 170, 160]],
  [[230, 92, 40], [255, 176, 64]],
  [[96, 68, 206], [170, 120, 255]],
  [[0, 128, 96], [120, 210, 120]],
  [[200, 40, 80], [255, 120, 120]],
];

function writeOnce(path: string, make: () => Buffer | void) {
  if (existsSync(path) && statSync(path).size > 0) return;
  const data = make();
  if (data) writeFileSync(path, data);
}

/** Demo courses with chapters, covers, videos and handouts; a few joined by the demo learner. */
export async function seedCourse(db: Db) {
  const root = uploadsRoot();
  mkdirSync(join(root, "course-covers"), { recursive: true });
  mkdirSync(join(root, "course-demo"), { recursive: true });

  for (let i = 0; i < PALETTES.length; i++) {
    const [from, to] = PALETTES[i]!;
    writeOnce(join(root, `course-covers/cover-${i + 1}.png`), () => gradientPng(480, 270, from!, to!));
  }
  writeOnce(join(root, "course-demo/handout.pdf"), () => handoutPdf(join(root, "course-demo/handout.pdf"), "Course Handout"));

  const videos: { mp4Key: string; hlsKey: string }[] = [];
  if (ffmpegAvailable()) {
    for (let n = 1; n <= 3; n++) {
      const v = demoVideo(root, n);
      if (v) videos.push(v);
    }
  }
  if (videos.length < 3) console.log("seed: ffmpeg is missing or failed, demo courses get no playable videos");

  const [videoFolder] = await db.insert(materialFolders).values({ name: "课程视频", kind: 1 }).returning();
  const [docFolder] = await db.insert(materialFolders).values({ name: "讲义资料", kind: 1 }).returning();
  const [imageFolder] = await db.insert(materialFolders).values({ name: "课程封面", kind: 2 }).returning();
  await db.insert(materialFolders).values({ name: "政策解读", kind: 1, parentId: videoFolder!.id });

  const clips = ["课程导读", "要点精讲", "案例分析"];
  const wares: Awaited<ReturnType<typeof createCourseware>>[] = [];
  for (let n = 0; n < 3; n++) {
    const v = videos[n];
    wares.push(
      await createCourseware(db, {
        name: `示例视频：${clips[n]}`,
        // The stored file's own length, as an upload gets it: every figure built on it stays true.
        duration: v ? ((await probeDuration(join(root, v.mp4Key))) ?? 0) : 0,
        url: v ? `/storage/file/${v.mp4Key}` : "",
        hlsUrl: v ? `/storage/file/${v.hlsKey}` : null,
        folderId: videoFolder!.id,
      }),
    );
  }
  const handout = await createCourseware(db, { name: "课程讲义", type: 2, url: "/storage/file/course-demo/handout.pdf", folderId: docFolder!.id });
  for (let i = 0; i < PALETTES.length; i++) {
    await db.insert(materialItems).values({
      library: 2,
      folderId: imageFolder!.id,
      name: `封面模板${i + 1}`,
      fileType: 3,
      url: `/storage/file/course-covers/cover-${i + 1}.png`,
      fileName: `cover-${i + 1}.png`,
      fileSize: 30_000,
    });
  }

  const tagIds = (await db.select({ id: tags.id }).from(tags)).map((t) => t.id);
  const made: { id: number; name: string }[] = [];
  for (const [i, [name, teacher, , price, joined]] of COURSES.entries()) {
    const chapterNames = ["第一章 制度背景与总体要求", "第二章 操作要点与常见问题", "第三章 典型案例"];
    const chapters = chapterNames.slice(0, 2 + (i % 2)).map((ch, c) => ({
      name: ch,
      sections: [
        { name: `${c + 1}.1 ${clips[c % 3]}`, coursewareId: wares[(i + c) % 3]!.id },
        ...(c === 0 ? [{ name: `${c + 1}.2 课程讲义`, coursewareId: handout.id, type: 2 as const }] : [{ name: `${c + 1}.2 ${clips[(c + 1) % 3]}`, coursewareId: wares[(i + c + 1) % 3]!.id }]),
      ],
    }));
    const { course } = await createCourse(db, {
      name,
      teacherName: teacher,
      intro: `${teacher}主讲，系统讲解${name.replace(/解读|实务|精讲$/, "")}的制度要求与操作要点。`,
      description: `<h3>课程介绍</h3><p>本课程围绕「${name}」展开，结合最新法规和一线案例，帮助采购人、代理机构和供应商把握关键环节、规避常见风险。</p><h3>适合人群</h3><ul><li>采购单位经办人员</li><li>代理机构项目负责人</li><li>供应商投标人员</li></ul><h3>学习收获</h3><p>掌握${name}涉及的主要规定、办理流程和注意事项。</p>`,
      coverUrl: `/storage/file/course-covers/cover-${(i % PALETTES.length) + 1}.png`,
      status: 1,
      isFree: price ? 0 : 1,
      price,
      scribingPrice: price ? Math.round(price * 1.5) : 0,
      learnHour: 1 + (i % 4),
      joinedCount: joined,
      sort: COURSES.length - i,
      tagIds: tagIds.length ? [tagIds[i % tagIds.length]!, ...(i % 3 === 0 ? [tagIds[(i + 1) % tagIds.length]!] : [])] : [],
      releasedAt: new Date(Date.now() - (i + 1) * 86_400_000 * 3),
      chapters,
    });
    await db.update(courses).set({ teacherIntro: TEACHER_INTRO[teacher] ?? "" }).where(eq(courses.id, course.id));
    made.push(course);
  }
  // A draft an admin is still working on.
  await createCourse(db, {
    name: "2026年政府采购新规速览（筹备中）",
    status: 0,
    teacherName: "王建明",
    coverUrl: "/storage/file/course-covers/cover-1.png",
    chapters: [{ name: "第一章 新规概览", sections: [{ name: "1.1 课程导读", coursewareId: wares[0]!.id }] }],
  });

  const [learner] = await db.select().from(users).where(eq(users.loginName, "demo_learner")).limit(1);
  if (learner) {
    const now = Date.now();
    for (const [k, c] of made.slice(0, 5).entries()) {
      await db.insert(userCourses).values({ userId: learner.id, courseId: c.id, joinedAt: new Date(now - (10 + k) * DAY) });
    }
    // Oldest first: the learner's clock only moves forward.
    for (let k = DEMO_STUDY.length - 1; k >= 0; k--) await studyAsDemoLearner(db, learner.id, made[k]!.id, DEMO_STUDY[k]!, now - (k + 1) * DAY);
    for (const c of [made[2]!, made[5]!, made[8]!]) await db.insert(courseCollections).values({ userId: learner.id, courseId: c.id });
  }
}

const DAY = 86_400_000;

/** Share of each video section the demo learner watched, per joined course (the fifth is not started). */
const DEMO_STUDY: number[][] = [[1, 1, 1, 1, 1], [1, 0.5], [0.5], [0.25]];

/**
 * The demo learner's records, made by the progress rules real players go through: a play, a report
 * every 10 s and a pause or end, at past moments. Time, progress and completion then add up by construction.
 */
async function studyAsDemoLearner(db: Db, userId: number, courseId: number, shares: number[], from: number) {
  const viewer = { id: userId, isAdmin: 0 };
  const sections = await db
    .select()
    .from(courseChapters)
    .where(and(eq(courseChapters.courseId, courseId), isNotNull(courseChapters.parentId)))
    .orderBy(asc(courseChapters.sort));
  let at = from;
  let video = 0;
  for (const s of sections) {
    const report = (position: number, event: "play" | "progress" | "pause" | "ended" | "open", t: number) =>
      reportLearning(db, viewer, { courseId, chapterId: s.id, position, event }, new Date(t));
    if (s.type === 2) {
      // Handouts are opened along with the lesson before them.
      if (video > 0 && (shares[video - 1] ?? 0) > 0) await report(0, "open", (at += 5_000));
      continue;
    }
    const share = shares[video++] ?? 0;
    const seconds = Math.round(s.duration * share);
    if (seconds <= 0) continue;
    await report(0, "play", at);
    for (let t = 10; t < seconds; t += 10) await report(t, "progress", at + t * 1000);
    await report(seconds, seconds >= s.duration ? "ended" : "pause", at + seconds * 1000);
    at += (seconds + 60) * 1000;
  }
}

/** After the operations seed made the categories: files each demo course under its leaf category. */
export async function linkCourseCategories(db: Db) {
  const cats = await db.select().from(operateCategories).where(isNull(operateCategories.parentId));
  const leaves = cats.length ? await db.select().from(operateCategories).where(inArray(operateCategories.parentId, cats.map((c) => c.id))) : [];
  const byName = new Map(leaves.map((c) => [c.name, c.id]));
  for (const [name, , category] of COURSES) {
    const id = byName.get(category);
    if (id) await db.update(courses).set({ categoryId: id }).where(and(eq(courses.name, name), isNull(courses.deletedAt)));
  }
}
