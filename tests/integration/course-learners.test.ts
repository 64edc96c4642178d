import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { courses, userCourses } from "@db/schema";
import { createCourse } from "../factories/course";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { describeEachDb } from "../helpers/db";

describeEachDb("back office: a course's learners, the detail sanitizer and paid courses", (getDb) => {
  it("lists learners with search, paging and completion, adds and removes them in batches", async () => {
    const db = getDb();
    const admin = await signedInClient(db, (await createUser(db, { isAdmin: 1 })).id);
    const { course } = await createCourse(db, { name: "政府采购信息公开实务" });
    const people = [];
    for (const [i, nick] of ["赵敏", "钱伟", "孙丽", "李强", "周杰"].entries()) people.push(await createUser(db, { nick, loginName: `learner_cl_${i}` }));
    const ids = people.map((p) => p.id);

    expect(await admin.call((c) => c.course.admin.learners.add({ courseId: course.id, userIds: [...ids, ids[0]!] }))).toEqual({ courseId: course.id, added: 5 });
    // Adding someone already there changes nothing.
    expect(await admin.call((c) => c.course.admin.learners.add({ courseId: course.id, userId: ids[1] }))).toEqual({ courseId: course.id, added: 0 });
    expect((await db.select().from(courses).where(eq(courses.id, course.id)))[0]!.joinedCount).toBe(5);
    await db.update(userCourses).set({ progress: 100, completed: 1, completedAt: new Date(), learnSeconds: 3725 }).where(eq(userCourses.userId, ids[2]!));

    const page1 = await admin.call((c) => c.course.admin.learners.page({ courseId: course.id, pageNo: 1, pageSize: 2 }));
    expect(page1.total).toBe(5);
    expect(page1.list).toHaveLength(2);
    const page3 = await admin.call((c) => c.course.admin.learners.page({ courseId: course.id, pageNo: 3, pageSize: 2 }));
    expect(page3.list).toHaveLength(1);
    expect(new Set([...page1.list, ...page3.list].map((r) => r.userId)).size).toBe(3);

    const found = await admin.call((c) => c.course.admin.learners.page({ courseId: course.id, keyword: "孙丽" }));
    expect(found.list).toEqual([expect.objectContaining({ userId: ids[2], nick: "孙丽", progress: 100, completed: 1, learnSeconds: 3725, source: "admin", payStatus: 1 })]);
    expect(found.list[0]!.completedTime).toEqual(expect.any(Number));
    expect((await admin.call((c) => c.course.admin.learners.page({ courseId: course.id, completed: 1 }))).list.map((r) => r.userId)).toEqual([ids[2]]);
    expect((await admin.call((c) => c.course.admin.learners.page({ courseId: course.id, completed: 0 }))).total).toBe(4);

    expect(await admin.call((c) => c.course.admin.learners.del({ courseId: course.id, userIds: [ids[0]!, ids[1]!] }))).toEqual({ courseId: course.id, removed: 2 });
    expect((await admin.call((c) => c.course.admin.learners.page({ courseId: course.id }))).total).toBe(3);
    expect((await db.select().from(courses).where(eq(courses.id, course.id)))[0]!.joinedCount).toBe(3);
    expect(await admin.call((c) => c.course.admin.learners.result({ courseId: course.id }))).toMatchObject({ joinedNum: 3, completedNum: 1 });

    expect((await rejection(admin.call((c) => c.course.admin.learners.add({ courseId: course.id } as never)))).message).toBe("请选择用户");
    expect((await rejection(admin.call((c) => c.course.admin.learners.add({ courseId: course.id, userIds: [987_654] })))).message).toBe("用户不存在");
    expect((await rejection(admin.call((c) => c.course.admin.learners.page({ courseId: 987_654 })))).message).toBe("课程不存在或已删除");
    const learner = await signedInClient(db, ids[3]!);
    expect((await rejection(learner.call((c) => c.course.admin.learners.page({ courseId: course.id })))).legacyCode).toBe("403");
  });

  it("stores the course detail through an allow-list: no scripts, handlers, frames or javascript: links", async () => {
    const db = getDb();
    const admin = await signedInClient(db, (await createUser(db, { isAdmin: 1 })).id);
    const { course } = await createCourse(db);
    const dirty = [
      "<h2>课程目标</h2>",
      '<p>掌握<strong>采购意向公开</strong>与<em>时限</em><img src="x" onerror="alert(1)"></p>',
      '<ul><li><p>要点一</p></li></ul><a href="javascript:alert(document.cookie)">点我</a><a href="https://www.ccgp.gov.cn">中国政府采购网</a>',
      '<iframe src="https://evil.example"></iframe><svg onload="alert(1)"><script>alert(2)</script></svg><style>body{display:none}</style>',
      '<div style="background:url(javascript:alert(3))">正文</div><img src="data:image/svg+xml;base64,PHN2Zz4=">',
      '<img src="/storage/file/1133/a.png?exp=1&amp;sig=abc" alt="示意图">',
    ].join("");
    await admin.call((c) => c.course.admin.saveDetail({ id: course.id, description: dirty }));
    const stored = (await db.select().from(courses).where(eq(courses.id, course.id)))[0]!.description;
    expect(stored).toBe(
      "<h2>课程目标</h2>" +
        '<p>掌握<strong>采购意向公开</strong>与<em>时限</em><img src="x" /></p>' +
        '<ul><li><p>要点一</p></li></ul><a>点我</a><a href="https://www.ccgp.gov.cn" target="_blank" rel="noopener noreferrer nofollow">中国政府采购网</a>' +
        "正文" +
        '<img src="/storage/file/1133/a.png" alt="示意图" />',
    );
    for (const bad of ["script", "onerror", "onload", "iframe", "javascript:", "style", "data:", "svg"]) expect(stored).not.toContain(bad);
    // Learners read it with uploaded images signed afresh.
    const learner = await signedInClient(db, (await createUser(db)).id);
    const shown = (await learner.call((c) => c.course.detail({ courseId: course.id }))).description;
    expect(shown).toMatch(/<img src="\/storage\/file\/1133\/a\.png\?exp=\d+&amp;sig=[\w-]+" alt="示意图" \/>/);
    expect(shown).toContain("<strong>采购意向公开</strong>");
  });

  it("a paid course without a purchase answers 106 with the purchase message, and shows it needs buying", async () => {
    const db = getDb();
    const { course } = await createCourse(db, { name: "政府采购评审专家实务", isFree: 0, price: 29_900 });
    const learner = await signedInClient(db, (await createUser(db)).id);
    const refused = await rejection(learner.call((c) => c.course.join({ courseId: course.id })));
    expect(refused.legacyCode).toBe("106");
    expect(refused.message).toBe("您暂无该课程的学习权限，请先购买课程");
    expect(await db.select().from(userCourses).where(eq(userCourses.courseId, course.id))).toHaveLength(0);
    expect(await learner.call((c) => c.course.detail({ courseId: course.id }))).toMatchObject({ isFree: 0, price: 29_900, needBuy: 1, isJoin: 0 });
  });
});
