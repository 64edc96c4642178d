import { beforeEach, expect, it } from "vitest";
import type { Db } from "@db/client";
import { userStudyDays, users } from "@db/schema";
import { eq } from "drizzle-orm";
import { firstTen, forgetRankCache, ownRank, periodRange } from "@trpc-app/rank/rank.service";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { testClient } from "../helpers/caller";
import { describeEachDb } from "../helpers/db";

// Wednesday 2026-03-11 10:00 in Beijing; its week starts on Monday 2026-03-09, its month on 2026-03-01.
const NOW = Date.parse("2026-03-11T10:00:00+08:00");

beforeEach(() => forgetRankCache());

const study = (db: Db, userId: number, day: string, seconds: number, contentId = 1) => db.insert(userStudyDays).values({ userId, day, contentType: 1, contentId, seconds });

describeEachDb("study ranking", (getDb) => {
  it("ranks by study seconds, shares a place on equal seconds and masks names", async () => {
    const db = getDb();
    const a = await createUser(db, { nick: "张三丰" });
    const b = await createUser(db, { nick: "李四" });
    const c = await createUser(db, { nick: "欧阳晓明" });
    const d = await createUser(db, { nick: "王" });
    const off = await createUser(db, { nick: "停用者", status: 0 });
    await study(db, a.id, "20260309", 3600);
    await study(db, a.id, "20260310", 1800, 2);
    await study(db, b.id, "20260311", 7200);
    await study(db, c.id, "20260310", 5400);
    await study(db, d.id, "20260311", 5400);
    await study(db, off.id, "20260311", 99_000);

    const board = await firstTen(db, "week", NOW);
    expect(board.map((r) => [r.rank, r.userId, r.nick, r.learnTime, r.learnHour])).toEqual([
      [1, b.id, "李*", 7200, 2],
      // Equal seconds share the place; the lower user id comes first.
      [2, a.id, "张*丰", 5400, 1.5],
      [2, c.id, "欧**明", 5400, 1.5],
      [2, d.id, "王", 5400, 1.5],
    ]);
    // The place after a tie skips the shared ones.
    const e = await createUser(db, { nick: "赵敏" });
    await study(db, e.id, "20260311", 60);
    forgetRankCache();
    expect((await ownRank(db, e.id, "week", NOW)).rank).toBe(5);
    expect(await ownRank(db, c.id, "week", NOW)).toMatchObject({ rank: 2, total: 5, nick: "欧阳晓明", learnTime: 5400, learnHour: 1.5 });
    // Disabled learners are not ranked; a learner without study this week has no place.
    expect((await ownRank(db, off.id, "week", NOW)).rank).toBeNull();
  });

  it("starts the week on Monday 00:00 and the month on the 1st, China time", async () => {
    const db = getDb();
    // Monday 2026-03-09 00:30 in Beijing is still Sunday 16:30 UTC.
    const mondayEarly = Date.parse("2026-03-09T00:30:00+08:00");
    expect(periodRange("week", mondayEarly)).toMatchObject({ from: "20260309", to: "20260309", startMs: Date.parse("2026-03-09T00:00:00+08:00") });
    expect(periodRange("week", Date.parse("2026-03-08T23:59:00+08:00"))).toMatchObject({ from: "20260302", to: "20260308" });
    expect(periodRange("month", NOW)).toMatchObject({ from: "20260301", to: "20260311" });
    expect(periodRange("all", NOW)).toBeNull();

    const sunday = await createUser(db, { nick: "周日学员" });
    const monday = await createUser(db, { nick: "周一学员" });
    await study(db, sunday.id, "20260308", 9000);
    await study(db, monday.id, "20260309", 600);
    expect((await firstTen(db, "week", mondayEarly)).map((r) => r.userId)).toEqual([monday.id]);
    forgetRankCache();
    expect((await firstTen(db, "month", mondayEarly)).map((r) => r.userId)).toEqual([sunday.id, monday.id]);
  });

  it("ranks all time by the learners' learn totals", async () => {
    const db = getDb();
    const a = await createUser(db, { nick: "陈静", learnTime: 36_000 });
    const b = await createUser(db, { nick: "刘洋", learnTime: 72_000 });
    await createUser(db, { nick: "无学习" });
    expect((await firstTen(db, "all", NOW)).map((r) => [r.rank, r.userId, r.learnHour])).toEqual([
      [1, b.id, 20],
      [2, a.id, 10],
    ]);
    // The board is kept for a minute: a change shows once it is recomputed.
    await db.update(users).set({ learnTime: 100_000 }).where(eq(users.id, a.id));
    expect((await firstTen(db, "all", NOW + 30_000))[0]!.userId).toBe(b.id);
    expect((await firstTen(db, "all", NOW + 61_000))[0]!.userId).toBe(a.id);
  });

  it("answers the board to visitors and the own place only to a learner", async () => {
    const db = getDb();
    const me = await createUser(db, { nick: "王晓雯" });
    await study(db, me.id, periodRange("week")!.to, 1200);
    const visitor = testClient(db);
    expect(await visitor.call((c) => c.rank.firstTen({ type: "week" }))).toHaveLength(1);
    expect((await rejection(visitor.call((c) => c.rank.mine({ type: "week" })))).legacyCode).toBe("281");
    const client = await signedInClient(db, me.id);
    expect(await client.call((c) => c.rank.mine({ type: 1 } as never))).toMatchObject({ type: "week", rank: 1, userId: me.id, nick: "王晓雯" });
    expect(await client.call((c) => c.rank.mine(undefined))).toMatchObject({ type: "week", rank: 1 });
    expect((await rejection(client.call((c) => c.rank.firstTen({ type: "year" } as never)))).message).toContain("榜单类型只能为");
  });
});
