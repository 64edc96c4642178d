import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db, DbHandle } from "@db/client";
import { courseChapters, lives, materialItems, questionnaireAnswers, questionnaireQuestions, questionnaires, users } from "@db/schema";
import { localFileOf, probeDuration } from "@trpc-app/material/media";
import { firstTen, forgetRankCache, ownRank } from "@trpc-app/rank/rank.service";
import { signedInClient } from "../helpers/auth";
import { testClient } from "../helpers/caller";
import { expectFiguresAddUp } from "../helpers/course-figures";
import { createTestDb, onceOn } from "../helpers/db";

// What a first-time visitor meets in the demo data, checked on one seed of it (12-14 s on PGlite, about
// half on PostgreSQL): once, on PostgreSQL when it is there; the browser tests seed it on PGlite every run.
// The checks read and never write, so they share the seed.
const kind = onceOn("postgres") ? "postgres" : "pglite";

describe(`the demo data [${kind}]`, () => {
  let handle: DbHandle | undefined;
  const db = (): Db => handle!.db;
  beforeAll(async () => {
    handle = await createTestDb(kind);
    const { seed } = await import("@db/seed");
    await seed(handle.db);
    forgetRankCache();
  }, 180_000);
  afterAll(async () => {
    await handle?.close();
  });

  it("adds up: lessons last as long as their stored videos, and the demo learner's records stay within them", async () => {
    const videos = await db().select().from(materialItems).where(and(eq(materialItems.library, 1), eq(materialItems.fileType, 1)));
    expect(videos.length).toBeGreaterThan(0);
    for (const v of videos) {
      const file = localFileOf(v.url);
      expect(file, `${v.name} has a stored file`).toBeTruthy();
      expect(v.duration, v.name).toBe(await probeDuration(file!));
    }
    const lessons = await db()
      .select({ name: courseChapters.name, duration: courseChapters.duration, ware: materialItems.duration })
      .from(courseChapters)
      .innerJoin(materialItems, eq(materialItems.id, courseChapters.coursewareId))
      .where(and(isNotNull(courseChapters.parentId), inArray(materialItems.id, videos.map((v) => v.id))));
    expect(lessons.length).toBeGreaterThan(0);
    for (const l of lessons) expect(l.duration, l.name).toBe(l.ware);

    const [learner] = await db().select().from(users).where(eq(users.loginName, "demo_learner"));
    const client = await signedInClient(db(), learner!.id);
    const { info, list } = await expectFiguresAddUp(db(), client, learner!.id);
    // A learner with something to show: one course finished, others under way, time on the clock.
    expect(info.completedCourseNum).toBeGreaterThanOrEqual(1);
    expect(list.list.filter((c) => c.learningStatus === 1).length).toBeGreaterThanOrEqual(2);
    expect(info.learnTime).toBeGreaterThan(0);
    for (const c of list.list) if (c.completed === 1) expect(c.progress).toBe(100);
  });

  it("puts the demo learner in the week's first ten", async () => {
    const [demo] = await db().select().from(users).where(eq(users.loginName, "demo_learner"));
    const board = await firstTen(db(), "week");
    expect(board).toHaveLength(10);
    expect(board.map((r) => r.userId)).toContain(demo!.id);
    expect((await ownRank(db(), demo!.id, "week")).rank).toBeLessThanOrEqual(10);
    expect((await firstTen(db(), "month")).length).toBe(10);
  });

  it("has the published needs survey, answered by learners the browser tests do not use, offered in the replay room", async () => {
    const [q] = await db().select().from(questionnaires).where(eq(questionnaires.title, "2026年度政府采购培训需求调查"));
    expect(q!.status).toBe(1);
    expect(await db().select().from(questionnaireQuestions).where(eq(questionnaireQuestions.questionnaireId, q!.id))).toHaveLength(5);
    const who = await db().select({ loginName: users.loginName }).from(questionnaireAnswers).innerJoin(users, eq(users.id, questionnaireAnswers.userId));
    expect(who.length).toBeGreaterThanOrEqual(3);
    for (const w of who) expect(["demo_learner", "zhangmin_cg", "linna_cg", "guopeng"]).not.toContain(w.loginName);
    const [replay] = await db().select().from(lives).where(eq(lives.name, "框架协议采购实务操作"));
    expect(await testClient(db()).call((c) => c.live.questionnaire({ liveId: replay!.id }))).toMatchObject({ title: "2026年度政府采购培训需求调查", source: "bound" });
  });
});
