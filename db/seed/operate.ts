import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "@db/client";
import { operateElements } from "@db/schema";
import { courses } from "@db/schema/course";
import { lives } from "@db/schema/live";
import { updateLayout, updatePopup } from "@trpc-app/operate/settings.service";
import { saveManage } from "@trpc-app/operate/settings.service";
import { uploadsRoot } from "@trpc-app/upload/config";
import { signFileUrl } from "@trpc-app/upload/signing";
import { createBanner, createCategory, createItem, createMarketing, createNotice, createRecommend, createWord } from "../../tests/factories/operate";

const run = promisify(execFile);
const FONT = "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc";
const FONT_REGULAR = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc";
const TEN_YEARS = 10 * 365 * 24 * 3600;

const BANNERS = [
  { title: "2026年政府采购政策解读专题", sub: "权威专家系统解读最新政策法规", color: "0x0a5ad8", link: "/course/center" },
  { title: "框架协议采购实务训练营", sub: "征集、入围、确定成交供应商全流程演练", color: "0x0f7a6c", link: "/live/center" },
  { title: "政府采购从业人员能力认证", sub: "在线考试 · 电子证书 · 学习成果可查", color: "0xb5561c", link: "/verify/center" },
];

/** Whether the Noto CJK faces the Chinese titles are drawn with are installed. */
export const cjkFontInstalled = () => existsSync(FONT) && existsSync(FONT_REGULAR);

/** Draws a banner picture into the upload store; a plain colour block when ffmpeg or the font is missing. */
export async function bannerPicture(name: string, title: string, sub: string, color: string, size = "1200x360", hasFont = cjkFontInstalled) {
  const key = `operate/seed/${name}.png`;
  const path = join(uploadsRoot(), key);
  await mkdir(join(uploadsRoot(), "operate/seed"), { recursive: true });
  const esc = (s: string) => s.replace(/[\\':]/g, "\\$&");
  const [w] = size.split("x").map(Number);
  const big = w! >= 1000;
  const titleSize = big ? 52 : Math.round(w! / 11);
  const subSize = big ? 26 : Math.round(titleSize / 2);
  const x = big ? 80 : 32;
  const y = big ? 120 : 64;
  const filters = [
    `drawbox=x=${Math.round(w! * 0.72)}:y=-80:w=${w}:h=${w! * 2}:color=white@0.12:t=fill`,
    `drawtext=fontfile=${FONT}:text='${esc(title)}':fontsize=${titleSize}:fontcolor=white:x=${x}:y=${y}`,
    `drawtext=fontfile=${FONT_REGULAR}:text='${esc(sub)}':fontsize=${subSize}:fontcolor=white@0.85:x=${x}:y=${y + Math.round(titleSize * 1.7)}`,
  ];
  try {
    // Without the CJK font ffmpeg would draw boxes for every character: never store such a picture.
    if (!hasFont()) throw new Error("CJK font missing");
    await run("ffmpeg", ["-loglevel", "error", "-y", "-f", "lavfi", "-i", `color=c=${color}:s=${size}`, "-vf", filters.join(","), "-frames:v", "1", path]);
  } catch {
    await run("ffmpeg", ["-loglevel", "error", "-y", "-f", "lavfi", "-i", `color=c=${color}:s=${size}`, "-frames:v", "1", path]).catch(() => undefined);
  }
  return signFileUrl(key, Math.floor(Date.now() / 1000) + TEN_YEARS);
}

/** A square mark: one character centred on a colour (a site's logo); a plain colour block without the font. */
export async function markPicture(name: string, char: string, color: string, size = 128) {
  const key = `operate/seed/${name}.png`;
  await mkdir(join(uploadsRoot(), "operate/seed"), { recursive: true });
  const fontSize = Math.round(size * 0.62);
  const text = `drawtext=fontfile=${FONT}:text='${char}':fontsize=${fontSize}:fontcolor=white:x=(w-text_w)/2:y=(h-text_h)/2`;
  const args = (vf: string[]) => ["-loglevel", "error", "-y", "-f", "lavfi", "-i", `color=c=${color}:s=${size}x${size}`, ...(vf.length ? ["-vf", vf.join(",")] : []), "-frames:v", "1", join(uploadsRoot(), key)];
  await run("ffmpeg", args(cjkFontInstalled() ? [text] : [])).catch(() => run("ffmpeg", args([])).catch(() => undefined));
  return signFileUrl(key, Math.floor(Date.now() / 1000) + TEN_YEARS);
}

/** Released courses, preferring the named ones, so recommendations open real detail pages. */
async function findCourses(db: Db, names: string[], limit: number) {
  try {
    const named = await db.select().from(courses).where(and(inArray(courses.name, names), eq(courses.status, 1), isNull(courses.deletedAt)));
    const rest = await db.select().from(courses).where(and(eq(courses.status, 1), isNull(courses.deletedAt))).orderBy(asc(courses.id)).limit(limit * 2);
    const seen = new Set<number>();
    return [...named, ...rest].filter((c) => (seen.has(c.id) ? false : (seen.add(c.id), true))).slice(0, limit);
  } catch {
    return [];
  }
}

async function findLives(db: Db, limit: number) {
  try {
    return await db.select().from(lives).where(and(eq(lives.status, 1), isNull(lives.deletedAt))).orderBy(asc(lives.startTime)).limit(limit);
  } catch {
    return [];
  }
}

const WANTED_COURSES = [
  "《政府采购法》及实施条例精讲",
  "政府采购框架协议采购方式管理办法解读",
  "政府采购需求管理办法解读",
  "政府采购质疑与投诉实务",
  "政府采购合同管理实务",
  "电子卖场采购操作指南",
];

/** Fallback recommendations when no course has been seeded: what an operator would type in. */
const FALLBACK_ITEMS = [
  { name: "《政府采购法》及实施条例精讲", teacher: "王立新", isFree: 1 },
  { name: "政府采购需求管理办法解读", teacher: "李红梅", isFree: 1 },
  { name: "框架协议采购全流程实务", teacher: "陈国庆", isFree: 0, realPrice: 9900, scribingPrice: 19900 },
  { name: "政府采购质疑投诉处理实务", teacher: "赵文斌", isFree: 0, realPrice: 4900, scribingPrice: 9900 },
  { name: "电子卖场采购操作指南", teacher: "孙晓燕", isFree: 1 },
];

export async function seedOperate(db: Db) {
  for (const [i, b] of BANNERS.entries()) {
    const picUrl = await bannerPicture(`banner-${i + 1}`, b.title, b.sub, b.color);
    await createBanner(db, { title: b.title, picUrl, linkUrl: b.link });
  }
  await createBanner(db, { title: "往期活动：2025年度采购人培训", picUrl: await bannerPicture("banner-old", "2025年度采购人培训", "活动已结束", "0x5b6b7f"), status: 0 });

  await createNotice(db, { title: "关于2026年第一期政府采购从业人员能力认证考试安排的通知", linkUrl: "/verify/center" });
  await createNotice(db, { title: "财云学院新版学习平台上线，学习记录已全部迁移", linkUrl: "/person/study" });
  await createNotice(db, { title: "《政府采购框架协议采购方式管理办法》专题直播预告", linkUrl: "/live/center" });

  for (const word of ["政府采购法", "框架协议", "采购需求", "电子卖场", "质疑投诉", "采购意向公开"]) await createWord(db, { name: word });

  const found = await findCourses(db, WANTED_COURSES, 15);
  const liveRows = await findLives(db, 5);
  const top = await createRecommend(db, { name: "推荐课程", isOpenJump: 1, jumpUrl: "/course/center" });
  const tabs = [
    await createRecommend(db, { name: "法规解读", parentId: top.id }),
    await createRecommend(db, { name: "实务操作", parentId: top.id }),
    await createRecommend(db, { name: "热门直播", parentId: top.id }),
  ];
  const special = await createRecommend(db, {
    name: "认证专区",
    picUrl: await bannerPicture("recommend-cert", "能力认证专区", "学完即考 · 证书可查", "0x0a5ad8", "448x520"),
  });

  if (found.length) {
    const half = Math.ceil(found.length / 2);
    for (const c of found.slice(0, Math.min(half, 10))) await createItem(db, { recommendId: tabs[0]!.id, type: 1, recommendObjectId: c.id });
    for (const c of found.slice(half, half + 10)) await createItem(db, { recommendId: tabs[1]!.id, type: 1, recommendObjectId: c.id });
    for (const c of found.slice(0, 4)) await createItem(db, { recommendId: special.id, type: 1, recommendObjectId: c.id });
  } else {
    // No course seed on this database: the snapshot is what the operator entered.
    for (const [i, it] of FALLBACK_ITEMS.entries()) await createItem(db, { recommendId: tabs[0]!.id, type: 1, recommendObjectId: i + 1, ...it });
  }
  for (const l of liveRows) await createItem(db, { recommendId: tabs[2]!.id, type: 2, recommendObjectId: l.id });

  const courseCats = await createCategory(db, { name: "法律法规", type: 1 });
  for (const name of ["政府采购法", "实施条例", "部门规章"]) await createCategory(db, { name, parentId: courseCats.id });
  const practice = await createCategory(db, { name: "实务操作", type: 1 });
  for (const name of ["采购需求", "框架协议", "合同管理", "质疑投诉"]) await createCategory(db, { name, parentId: practice.id });
  const liveCat = await createCategory(db, { name: "专家直播", type: 2 });
  for (const name of ["政策解读", "案例分析"]) await createCategory(db, { name, parentId: liveCat.id });
  await createCategory(db, { name: "能力认证", type: 3 });

  await createMarketing(db, { title: "新学员专享：精品课程限时免费", linkUrl: "/course/center", description: "注册即可领取新人学习礼包" });
  await updatePopup(db, {
    title: "框架协议采购实务训练营开营",
    picUrl: await bannerPicture("popup", "训练营开营啦", "框架协议采购实务 · 立即报名", "0x0f7a6c", "480x320"),
    linkUrl: "/live/center",
    // Configured but off: a modal on every first visit would stand in front of everything else; an operator switches it on.
    status: 0,
  });
  await updateLayout(db, {});

  const [home] = await db.insert(operateElements).values({ key: "home", name: "首页", code: "home", sort: 1 }).returning();
  for (const [i, [name, code]] of [["轮播图", "banner"], ["公告", "notice"], ["推荐位", "recommend"], ["搜索栏", "searchBar"], ["弹窗广告", "popup"]].entries())
    await db.insert(operateElements).values({ key: "home", name: name!, code: code!, parentId: home!.id, sort: i + 1 });

  if (found.length)
    await saveManage(db, { name: "工作台推荐", scene: "workbench", items: found.slice(0, 6).map((c) => ({ type: 1, recommendObjectId: c.id })) });
}
