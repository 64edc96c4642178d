import type { DbOrTx } from "@db/client";
import { liveAwardRecords, liveRaffles, lives, liveSeries } from "@db/schema";
import { newRoomId } from "@trpc-app/live/room.service";

const HOUR = 3600e3;

export interface LiveInput {
  name?: string;
  teacherName?: string;
  coverUrl?: string | null;
  introduction?: string;
  liveStatus?: 0 | 1 | 2;
  startTime?: Date;
  endTime?: Date;
  isPause?: 0 | 1;
  isPlayback?: 0 | 1;
  playbackUrl?: string | null;
  m3u8PlayUrl?: string | null;
  subtitleUrl?: string | null;
  isOpenSubtitle?: 0 | 1;
  seriesId?: number | null;
  channelCode?: string | null;
  openRange?: { kind: "role" | "group" | "tag" | "region"; target: string }[];
  status?: 0 | 1;
  /** Cents; a price makes the live sold (isFree 0). */
  price?: number;
  learnHour?: number;
}

/** A live as the seed and the tests need one; times follow the status unless given. */
export async function createLive(db: DbOrTx, input: LiveInput = {}) {
  const status = input.liveStatus ?? 0;
  const now = Date.now();
  const start = input.startTime ?? new Date(status === 0 ? now + 48 * HOUR : status === 1 ? now - 0.5 * HOUR : now - 26 * HOUR);
  const end = input.endTime ?? new Date(start.getTime() + 2 * HOUR);
  const [row] = await db
    .insert(lives)
    .values({
      name: input.name ?? "政府采购法实施条例解读",
      teacherName: input.teacherName ?? "王立新",
      coverUrl: input.coverUrl ?? null,
      introduction: input.introduction ?? "围绕政府采购全流程的重点与难点进行讲解。",
      liveStatus: status,
      startTime: start,
      endTime: end,
      isPause: input.isPause ?? 0,
      isPlayback: input.isPlayback ?? 0,
      playbackUrl: input.playbackUrl ?? null,
      m3u8PlayUrl: input.m3u8PlayUrl ?? null,
      subtitleUrl: input.subtitleUrl ?? null,
      isOpenSubtitle: input.isOpenSubtitle ?? 0,
      seriesId: input.seriesId ?? null,
      channelCode: input.channelCode ?? null,
      openRange: input.openRange ?? [],
      status: input.status ?? 1,
      isFree: input.price ? 0 : 1,
      price: input.price ?? 0,
      learnHour: input.learnHour ?? 0,
      roomId: newRoomId(),
    })
    .returning();
  return row!;
}

export async function createLiveSeries(db: DbOrTx, input: { name?: string; periodsNum?: number; channelCode?: string | null; status?: 0 | 1 } = {}) {
  const [row] = await db
    .insert(liveSeries)
    .values({ name: input.name ?? "政府采购实务系列讲座", periodsNum: input.periodsNum ?? 0, channelCode: input.channelCode ?? null, status: input.status ?? 1, introduction: "从需求编制到履约验收，系统梳理政府采购实务。" })
    .returning();
  return row!;
}

/** A drawn raffle of a live and one winner's award record (seed and tests). */
export async function createAwardRecord(db: DbOrTx, input: { liveId: number; userId: number; name?: string; awardName?: string }) {
  const drawnAt = new Date();
  const [raffle] = await db
    .insert(liveRaffles)
    .values({ liveId: input.liveId, name: input.name ?? "直播间抽奖", awardName: input.awardName ?? "政府采购实务手册（纸质版）", winnerCount: 1, status: 2, startedAt: drawnAt, endsAt: drawnAt, drawnAt })
    .returning();
  const [record] = await db.insert(liveAwardRecords).values({ raffleId: raffle!.id, liveId: input.liveId, userId: input.userId, awardName: raffle!.awardName }).returning();
  return { raffle: raffle!, record: record! };
}
