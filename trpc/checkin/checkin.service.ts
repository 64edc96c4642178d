import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { courses, exams, learningPathMembers, learningPathNodes, learningPaths, lives, userStudyDays } from "@db/schema";
import { fail, notFound } from "@base/errors";
import { dayKey, dayNumber, dayOfKey, dottedDay, recordWindow, streakOf } from "./days";
import { awardDue, heldMedals, medalView, shareQrCode, type MedalRow, type MedalView } from "./medal.service";
import { CHECK_IN_BUSINESS, CHECK_IN_SECONDS, MEDALS, RECORD_DAYS } from "./schemas";

/** The map's course (1), live (2) and exam (3) nodes: the content whose study counts. */
const STUDY_NODE_TYPES = [1, 2, 3];

export interface Campaign {
  id: number;
  name: string;
  /** First and last China-time day numbers, inclusive. */
  start: number;
  end: number;
}

/** The map's check-in campaign; a clear refusal when the map is gone or runs none. */
export async function campaignOf(db: DbOrTx, mapId: number): Promise<Campaign> {
  const [map] = await db.select().from(learningPaths).where(and(eq(learningPaths.id, mapId), isNull(learningPaths.deletedAt)));
  if (!map || map.status !== 1) throw notFound("学习地图不存在或已下架");
  if (map.checkInEnabled !== 1 || !map.checkInStart || !map.checkInEnd) throw fail("该学习地图未开启打卡活动");
  return { id: map.id, name: map.name, start: dayNumber(map.checkInStart), end: dayNumber(map.checkInEnd) };
}

/** The learner's study seconds per China-time day between two days, summed over the map's content. */
async function studySecondsByDay(db: DbOrTx, userId: number, mapId: number, from: number, to: number) {
  const n = learningPathNodes;
  const rows = await db
    .select({ day: userStudyDays.day, seconds: sql<number>`sum(${userStudyDays.seconds})::int` })
    .from(userStudyDays)
    .where(
      and(
        eq(userStudyDays.userId, userId),
        gte(userStudyDays.day, dayKey(from)),
        lte(userStudyDays.day, dayKey(to)),
        // A content placed twice on the map still counts once.
        sql`(${userStudyDays.contentType}, ${userStudyDays.contentId}) in (select ${n.contentType}, ${n.contentId} from ${n} where ${n.pathId} = ${mapId} and ${n.contentType} in (1, 2, 3) and ${n.contentId} is not null)`,
      ),
    )
    .groupBy(userStudyDays.day);
  return new Map(rows.map((r) => [dayOfKey(r.day), Number(r.seconds)]));
}

/** The map's content as the dialog's task list: each node with today's study seconds in it. */
async function tasksOf(db: DbOrTx, userId: number, mapId: number, today: number) {
  const nodes = await db
    .select({ id: learningPathNodes.id, nodeName: learningPathNodes.nodeName, contentType: learningPathNodes.contentType, contentId: learningPathNodes.contentId })
    .from(learningPathNodes)
    .where(and(eq(learningPathNodes.pathId, mapId), inArray(learningPathNodes.contentType, STUDY_NODE_TYPES), isNotNull(learningPathNodes.contentId)))
    .orderBy(asc(learningPathNodes.sort), asc(learningPathNodes.id));
  const idsOf = (t: number) => [...new Set(nodes.filter((x) => x.contentType === t).map((x) => x.contentId!))];
  const names = new Map<string, string>();
  const [c, l, e] = [idsOf(1), idsOf(2), idsOf(3)];
  if (c.length) for (const r of await db.select({ id: courses.id, name: courses.name }).from(courses).where(inArray(courses.id, c))) names.set(`1:${r.id}`, r.name);
  if (l.length) for (const r of await db.select({ id: lives.id, name: lives.name }).from(lives).where(inArray(lives.id, l))) names.set(`2:${r.id}`, r.name);
  if (e.length) for (const r of await db.select({ id: exams.id, name: exams.name }).from(exams).where(inArray(exams.id, e))) names.set(`3:${r.id}`, r.name);
  const studied = new Map<string, number>();
  const rows = await db
    .select({ contentType: userStudyDays.contentType, contentId: userStudyDays.contentId, seconds: userStudyDays.seconds })
    .from(userStudyDays)
    .where(and(eq(userStudyDays.userId, userId), eq(userStudyDays.day, dayKey(today))));
  for (const r of rows) studied.set(`${r.contentType}:${r.contentId}`, r.seconds);
  const seen = new Set<string>();
  return nodes.flatMap((x) => {
    const key = `${x.contentType}:${x.contentId}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [{ nodeId: x.id, contentType: x.contentType, contentId: x.contentId!, contentName: names.get(key) ?? x.nodeName, todaySeconds: studied.get(key) ?? 0 }];
  });
}

export interface CheckInState {
  campaign: Campaign;
  today: number;
  isStart: 0 | 1;
  isExpired: 0 | 1;
  isTodayCheckIn: 0 | 1;
  todaySeconds: number;
  countDown: number;
  continuousDays: number;
  isBreak: 0 | 1;
  checked: Set<number>;
  /** Medals awarded by this very request (the pop-up shows them). */
  awarded: MedalRow[];
  held: MedalRow[];
}

/**
 * Reads the learner's check-in of a map from his study records and awards the medals his streaks have
 * earned. Days count from the campaign's first day to today (or its last day once it is over).
 */
export async function evaluate(db: DbOrTx, userId: number, mapId: number, now = new Date()): Promise<CheckInState> {
  const campaign = await campaignOf(db, mapId);
  const today = dayNumber(now);
  const isStart = today >= campaign.start ? 1 : 0;
  const isExpired = today > campaign.end ? 1 : 0;
  const ref = Math.min(today, campaign.end);
  const byDay = isStart ? await studySecondsByDay(db, userId, mapId, campaign.start, ref) : new Map<number, number>();
  const streak = streakOf(byDay, ref, campaign.start);
  const running = isStart && !isExpired;
  const todaySeconds = running ? (byDay.get(today) ?? 0) : 0;
  const isTodayCheckIn = running && streak.checked.has(today) ? 1 : 0;
  const held = await heldMedals(db, userId, mapId);
  const { due, awarded } = await awardDue(db, userId, mapId, streak.longestRun, held, now);
  return {
    campaign,
    today,
    isStart,
    isExpired,
    isTodayCheckIn,
    todaySeconds,
    countDown: running && !isTodayCheckIn ? Math.max(0, CHECK_IN_SECONDS + 1 - todaySeconds) : 0,
    continuousDays: isStart ? streak.continuousDays : 0,
    isBreak: isStart ? streak.isBreak : 0,
    checked: streak.checked,
    awarded,
    // A medal another request awarded at the same moment is read back, so both answers show it held.
    held: due > awarded.length ? await heldMedals(db, userId, mapId) : [...held, ...awarded],
  };
}

const highest = (rows: { medalType: number }[]) => rows.reduce((m, r) => Math.max(m, r.medalType), 0);

/** getCheckInWidget: everything the widget and its detail dialog show (learner-front-end.md 3, Check-in info). */
export async function checkInInfo(db: DbOrTx, userId: number, mapId: number, now = new Date()) {
  const s = await evaluate(db, userId, mapId, now);
  const { campaign } = s;
  const [member] = await db
    .select({ id: learningPathMembers.id })
    .from(learningPathMembers)
    .where(and(eq(learningPathMembers.pathId, mapId), eq(learningPathMembers.userId, userId)));
  const qr = await shareQrCode(mapId);
  const medalVO: MedalView[] = MEDALS.map((m) => medalView(m.medalType, campaign, s.held.find((h) => h.medalType === m.medalType), qr));
  const first = recordWindow(s.today, campaign.start, campaign.end, RECORD_DAYS);
  const userCheckInRecordVO = Array.from({ length: RECORD_DAYS }, (_, i) => {
    const day = first + i;
    return {
      checkInDate: dottedDay(day),
      isCheckIn: s.checked.has(day) ? 1 : 0,
      isToday: day === s.today ? 1 : 0,
      inCampaign: day >= campaign.start && day <= campaign.end ? 1 : 0,
    };
  });
  return {
    businessType: CHECK_IN_BUSINESS,
    businessId: mapId,
    businessName: campaign.name,
    medalType: highest(s.held),
    isTodayCheckIn: s.isTodayCheckIn,
    countDown: s.countDown,
    todaySeconds: s.todaySeconds,
    needSeconds: CHECK_IN_SECONDS,
    continuousDays: s.continuousDays,
    isBreak: s.isBreak,
    isStart: s.isStart,
    isExpired: s.isExpired,
    isBuy: member ? 1 : 0,
    currentTime: now.getTime(),
    today: dottedDay(s.today),
    checkInStartDate: dottedDay(campaign.start),
    checkInEndDate: dottedDay(campaign.end),
    medalVO,
    /** Medals this request awarded (the learner studied with no page open): the page shows the award dialog. */
    newMedalVO: s.awarded.map((r) => medalView(r.medalType, campaign, r, qr)),
    userCheckInRecordVO,
    taskVO: await tasksOf(db, userId, mapId, s.today),
  };
}
export type CheckInInfo = Awaited<ReturnType<typeof checkInInfo>>;

/**
 * getCheckinPopUp: asked when the widget's countdown reaches zero. Awards what is due and says whether
 * this request awarded a medal (isPopUp 1 with the new medals), so the award dialog shows once.
 */
export async function checkInPopUp(db: DbOrTx, userId: number, mapId: number, now = new Date()) {
  const s = await evaluate(db, userId, mapId, now);
  const qr = s.awarded.length ? await shareQrCode(mapId) : "";
  return {
    isPopUp: s.awarded.length ? 1 : 0,
    medalType: highest(s.awarded),
    medalVO: s.awarded.map((r) => medalView(r.medalType, s.campaign, r, qr)),
    isTodayCheckIn: s.isTodayCheckIn,
    countDown: s.countDown,
    continuousDays: s.continuousDays,
    currentTime: now.getTime(),
  };
}
