import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import type { Db } from "@db/client";
import { liveGoods, liveMessages, liveNotices, lives, liveSensitiveWords, liveWatchRecords, users } from "@db/schema";
import { makeDemoStream } from "@trpc-app/live/hls.service";
import { createLive, createLiveSeries } from "../../tests/factories/live";

const HOUR = 3600e3;
const DAY = 24 * HOUR;

/** Lives in every state (upcoming, on air, paused, ended with and without replay) and one series. */
export async function seedLive(db: Db) {
  const stream = makeDemoStream("demo");
  const m3u8 = stream?.playlist ?? null;
  const series = await createLiveSeries(db, { name: "政府采购实务大讲堂", periodsNum: 6 });
  const now = Date.now();
  // Whole minutes, so the countdown of a first visitor reads cleanly.
  const inTwoDays = new Date(Math.ceil((now + 2 * DAY) / 60e3) * 60e3);

  await createLive(db, { name: "框架协议采购实务操作", teacherName: "陈立华", liveStatus: 2, isPlayback: 1, playbackUrl: m3u8, m3u8PlayUrl: m3u8, seriesId: series.id, startTime: new Date(now - 6 * DAY), subtitleUrl: stream?.subtitles ?? null, isOpenSubtitle: 1 });
  const onAir = await createLive(db, {
    name: "政府采购评审专家履职要点",
    teacherName: "王立新",
    liveStatus: 1,
    m3u8PlayUrl: m3u8,
    seriesId: series.id,
    subtitleUrl: stream?.subtitles ?? null,
    isOpenSubtitle: 1,
    introduction: "讲解评审专家的权利义务、评审纪律与常见违规情形，结合典型投诉案例分析评审争议的处理。",
  });
  await createLive(db, { name: "《政府采购需求管理办法》深度解读", teacherName: "刘书琴", liveStatus: 0, startTime: inTwoDays, seriesId: series.id, introduction: "逐条解读需求调查、需求编制、采购实施计划与风险控制。" });
  await createLive(db, { name: "政府采购合同履约验收", teacherName: "赵永红", liveStatus: 0, startTime: new Date(inTwoDays.getTime() + 7 * DAY), seriesId: series.id });
  await createLive(db, { name: "政府采购质疑与投诉处理", teacherName: "孙建平", liveStatus: 1, isPause: 1, m3u8PlayUrl: m3u8, startTime: new Date(now - HOUR) });
  await createLive(db, { name: "电子卖场采购常见问题答疑", teacherName: "周敏", liveStatus: 2, isPlayback: 0, startTime: new Date(now - 2 * DAY) });
  // A sold live: its replay opens once bought (the sandbox cashier pays in the demo).
  const sold = await createLive(db, {
    name: "政府采购内部控制建设实务（付费专场）",
    teacherName: "马晓东",
    liveStatus: 2,
    isPlayback: 1,
    playbackUrl: m3u8,
    m3u8PlayUrl: m3u8,
    startTime: new Date(now - 3 * DAY),
    price: 2990,
    learnHour: 2,
    introduction: "结合财政部内控规范，讲解采购人内部控制制度建设、岗位分离、采购需求审查与履约验收的风险点，附单位内控制度范本解读。",
  });
  await db.update(lives).set({ scribingPrice: 4990 }).where(eq(lives.id, sold.id));
  await createLive(db, { name: "新入职采购人员必修课：政府采购基础", teacherName: "黄卫东", liveStatus: 0, channelCode: "xinrenlibao", startTime: new Date(inTwoDays.getTime() + 3 * DAY) });

  await db.insert(liveSensitiveWords).values(["代开发票", "刷单", "围标串标", "回扣"].map((word) => ({ word }))).onConflictDoNothing();
  await db.insert(liveNotices).values({ liveId: onAir.id, content: "本场直播课件已上传至资料区，直播结束后可观看回放。" });
  await db.insert(liveGoods).values([
    { liveId: onAir.id, name: "《政府采购评审专家实务手册》", price: 5800, status: 1, linkUrl: "/course/center", sort: 1 },
    { liveId: onAir.id, name: "评审专家继续教育课程包", price: 19900, status: 1, linkUrl: "/course/center", sort: 2 },
  ]);

  const people = await db.select({ id: users.id, nick: users.nick }).from(users).where(inArray(users.loginName, ["zhangmin_cg", "liuyang_zb", "chenjing88", "yangfan_gov", "huangli_cw"]));
  const lines = ["老师好，今天讲的内容很实用", "评审时发现供应商报价明显偏低应该怎么处理？", "专家需要在评审报告上签字确认吗", "感谢老师的讲解", "请问回放什么时候可以看"];
  await db.insert(liveMessages).values(
    people.map((p, i) => ({ msgId: randomUUID(), liveId: onAir.id, userId: p.id, nick: p.nick, content: lines[i % lines.length]!, sentAt: new Date(now - (people.length - i) * 60e3) })),
  );
  const orgs = ["杭州市财政局", "浙江省政府采购中心", "宁波市公共资源交易中心"];
  const areas = ["杭州市", "杭州市", "宁波市"];
  if (people.length)
    await db.insert(liveWatchRecords).values(
      people.map((p, i) => ({ liveId: onAir.id, userId: p.id, entryCount: 1, watchSeconds: 600 + i * 420, interactions: i, score: Math.floor((600 + i * 420) / 60) + i, orgName: orgs[i % 3], areaName: areas[i % 3], lastEntryAt: new Date(now - i * 60e3) })),
    );
  await db.update(lives).set({ likeCount: 1268 }).where(eq(lives.id, onAir.id));
}
