import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { userCourses } from "@db/schema";
import { createSession } from "@trpc-app/auth/session";
import { createCourse } from "../factories/course";
import { createCategory } from "../factories/operate";
import { createTag } from "../factories/org";
import { createUser } from "../factories/user";
import { describeEachDb } from "../helpers/db";
import { legacyClient } from "../helpers/legacy";

const C = "/api/elearning/caiyun/front/course";

async function signedIn(db: Db) {
  const user = await createUser(db);
  const client = legacyClient(db);
  client.jar.cy_session = (await createSession(db, user.id)).token;
  return { user, client };
}

describeEachDb("legacy partner-platform course calls (ipaasGetTrainInfo, ipaasGetTagInfo)", (getDb) => {
  it("train info sums up the course and the caller's own progress", async () => {
    const db = getDb();
    const { course } = await createCourse(db, {
      name: "政府采购合同履约验收",
      learnHour: 3,
      joinedCount: 0,
      chapters: [
        { name: "第一章 验收主体", sections: [{ name: "1.1 讲解", duration: 600 }, { name: "1.2 讲义", type: 2 }] },
        { name: "第二章 验收程序", sections: [{ name: "2.1 讲解", duration: 900 }] },
      ],
    });
    const done = await createUser(db);
    await db.insert(userCourses).values({ userId: done.id, courseId: course.id, source: "join", progress: 100, completed: 1, completedAt: new Date(), learnSeconds: 1500 });
    const { user, client } = await signedIn(db);
    await db.insert(userCourses).values({ userId: user.id, courseId: course.id, source: "join", progress: 40, learnSeconds: 620, lastLearnAt: new Date() });

    const mine = await client.post(`${C}/ipaasGetTrainInfo`, { courseId: course.id });
    expect(mine.body).toMatchObject({ code: 200, success: true });
    expect(mine.body.data).toMatchObject({
      courseId: course.id,
      name: "政府采购合同履约验收",
      learnHour: 3,
      chapterNum: 2,
      sectionNum: 3,
      totalDuration: 1500,
      completedNum: 1,
      isLogin: 1,
      isJoin: 1,
      progress: 40,
      learnTime: 620,
      learningStatus: 1,
      isComplete: 0,
      completeTime: null,
    });
    expect(typeof mine.body.data.joinNum).toBe("number");
    expect(mine.body.data).not.toHaveProperty("description");

    // A visitor gets the summary with no progress of its own.
    const visitor = await legacyClient(db).post(`${C}/ipaasGetTrainInfo`, { id: course.id });
    expect(visitor.body.data).toMatchObject({ courseId: course.id, chapterNum: 2, isLogin: 0, isJoin: 0, progress: 0, learnTime: 0, learningStatus: 0 });

    expect((await client.post(`${C}/ipaasGetTrainInfo`, {})).body).toMatchObject({ success: false, message: "缺少课程ID" });
    expect((await client.post(`${C}/ipaasGetTrainInfo`, { courseId: 999_999 })).body).toMatchObject({ success: false, message: "课程不存在或已下架" });
  });

  it("tag info names the category path and the tags, by GET and POST", async () => {
    const db = getDb();
    const top = await createCategory(db, { name: "政策法规", type: 1 });
    const leaf = await createCategory(db, { name: "采购法实施条例", type: 1, parentId: top.id });
    const t1 = await createTag(db, "采购人");
    const t2 = await createTag(db, "代理机构");
    const { course } = await createCourse(db, { name: "实施条例逐条解读", categoryId: leaf.id, tagIds: [t2.id, t1.id] });
    const { client } = await signedIn(db);
    for (const answer of [await client.get(`${C}/ipaasGetTagInfo`, { courseId: course.id }), await client.post(`${C}/ipaasGetTagInfo`, { courseId: course.id })]) {
      expect(answer.body).toMatchObject({ code: 200, success: true });
      expect(answer.body.data).toEqual({
        courseId: course.id,
        name: "实施条例逐条解读",
        categoryId: leaf.id,
        categoryName: "采购法实施条例",
        categoryPath: "政策法规/采购法实施条例",
        categories: [
          { id: top.id, name: "政策法规", parentId: null },
          { id: leaf.id, name: "采购法实施条例", parentId: top.id },
        ],
        tags: [
          { tagId: t1.id, tagName: "采购人" },
          { tagId: t2.id, tagName: "代理机构" },
        ],
      });
    }
    const { course: bare } = await createCourse(db, { name: "未分类课程" });
    expect((await client.get(`${C}/ipaasGetTagInfo`, { id: bare.id })).body.data).toMatchObject({ categoryId: null, categoryName: "", categories: [], tags: [] });
  });
});
