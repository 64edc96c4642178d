import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { createSession } from "@trpc-app/auth/session";
import { createCourse } from "../factories/course";
import { createUser } from "../factories/user";
import { describeEachDb } from "../helpers/db";
import { legacyClient } from "../helpers/legacy";

const F = "/api/elearning/caiyun/front";
const C = `${F}/course`;

async function signedIn(db: Db, isAdmin: 0 | 1 = 0) {
  const user = await createUser(db, { isAdmin, isPurchaser: 1 });
  const client = legacyClient(db);
  client.jar.cy_session = (await createSession(db, user.id)).token;
  return { user, client };
}

const envelope = (body: any) => {
  expect(body).toMatchObject({ code: 200, success: true });
  expect(typeof body.message).toBe("string");
  return body.data;
};

const CARD_FIELDS = ["id", "courseId", "name", "coverUrl", "picUrl", "teacher", "teacherName", "isFree", "realPrice", "scribingPrice", "joinNum", "type", "recommendObjectId", "linkUrl"];

describeEachDb("legacy course, course centre, search and user course calls", (getDb) => {
  it("a learner's course calls answer the envelope with the spec's field names", async () => {
    const db = getDb();
    const { course, sections } = await createCourse(db, {
      name: "政府采购质疑投诉处理",
      chapters: [{ name: "第一章", sections: [{ name: "1.1 导读", duration: 60 }, { name: "1.2 讲义", type: 2 }] }],
    });
    await createCourse(db, { name: "采购需求管理办法" });
    const visitor = legacyClient(db);
    const refused = await visitor.post(`${C}/add`, { courseId: course.id });
    expect(refused.body).toMatchObject({ code: 281, success: false });

    const { client } = await signedIn(db);
    const detail = envelope((await client.post(`${C}/getDetail`, { courseId: course.id })).body);
    for (const f of [...CARD_FIELDS, "description", "isJoin", "isCollect", "learningStatus"]) expect(detail).toHaveProperty(f);
    const chapters = envelope((await client.post(`${C}/getChapter`, { courseId: course.id })).body);
    expect(chapters[0]).toMatchObject({ name: "第一章", children: [{ name: "1.1 导读", duration: 60 }, { name: "1.2 讲义", type: 2 }] });
    expect(envelope((await client.post(`${C}/getFiles`, { courseId: course.id })).body)[0]).toMatchObject({ name: "1.2 讲义", url: "" });

    expect(envelope((await client.post(`${C}/add`, { courseId: course.id })).body)).toMatchObject({ isJoin: 1 });
    expect((await client.post(`${C}/add`, { courseId: course.id })).body).toMatchObject({ code: 103, success: false });
    expect(envelope((await client.post(`${C}/collection`, { courseId: course.id })).body)).toMatchObject({ isCollect: 1 });
    expect(envelope((await client.get(`${C}/checkLearnCourse`, { courseId: course.id })).body)).toMatchObject({ isJoin: 1, canLearn: 1 });

    const s = sections[0]!.id;
    for (const path of ["learn", "record", "learnVod"]) {
      const r = envelope((await client.post(`${C}/${path}`, { courseId: course.id, chapterId: s, position: 12 })).body);
      expect(r).toMatchObject({ chapterId: s, maxPosition: 12 });
    }
    expect(envelope((await client.post(`${C}/getLatestLearning`, { courseId: course.id })).body)).toMatchObject({ chapterId: s, position: 12 });
    for (const path of ["getCourseDetailLearn", "getCourseDetaillearn"]) {
      const d = envelope((await client.post(`${C}/${path}`, { courseId: course.id })).body);
      expect(d).toMatchObject({ lastChapterId: s, lastPosition: 12 });
      expect(d.chapters[0].children[0].url).toMatch(/^\/storage\/file\//);
    }
    expect(envelope((await client.post(`${C}/learnProgressCompensation`, { courseId: course.id, list: [{ chapterId: s, position: 40 }] })).body)).toMatchObject({ applied: 1 });
    for (const path of [`${C}/getRecommendCourse`, `${C}/center/getRecommendCourse`]) {
      const list = envelope((await client.get(path, { courseId: course.id })).body);
      expect(list.map((c: any) => c.name)).toEqual(["采购需求管理办法"]);
      for (const f of CARD_FIELDS) expect(list[0]).toHaveProperty(f);
    }
    expect(envelope((await client.post(`${C}/collection/cancel`, { courseId: course.id })).body)).toMatchObject({ isCollect: 0 });
    expect(envelope((await client.post(`${F}/user/collection/add`, { courseId: course.id })).body)).toMatchObject({ isCollect: 1 });

    const page = (body: any) => {
      const d = envelope(body);
      expect(d).toMatchObject({ pageNo: 1 });
      expect(typeof d.total).toBe("number");
      return d.list;
    };
    for (const path of ["user/course/learn", "user/course/learn/ipaas", "user/course/userBacklogCourse"]) {
      expect(page((await client.post(`${F}/${path}`, { pageNo: 1, pageSize: 10 })).body)[0]).toMatchObject({ id: course.id, progress: expect.any(Number), learningStatus: 1 });
    }
    expect(page((await client.post(`${F}/user/course/collection`, { pageNo: 1, pageSize: 10 })).body)[0]).toMatchObject({ id: course.id });
    expect(envelope((await client.post(`${F}/user/collection/cancel`, { courseId: course.id })).body)).toMatchObject({ isCollect: 0 });
    expect(envelope((await client.post(`${F}/user/myRecentCourse`, {})).body)[0]).toMatchObject({ id: course.id });
    const info = envelope((await client.post(`${F}/user/getUserLearnInfo`, {})).body);
    for (const f of ["learnHour", "learnLesson", "learnTime", "registerDay"]) expect(info).toHaveProperty(f);
    expect(envelope((await client.post(`${F}/user/getLearningContentAccess`, { courseId: course.id })).body)).toMatchObject({ access: true });
  });

  it("course centre and search calls page and highlight, and bad input reads in Chinese", async () => {
    const db = getDb();
    await createCourse(db, { name: "框架协议采购实务", teacherName: "陈志远" });
    await createCourse(db, { name: "电子化采购操作", teacherName: "赵立新" });
    const client = legacyClient(db);
    for (const path of [`${C}/center/search`, `${F}/search`, `${F}/search/dump`, `${F}/search/ipaas`]) {
      const d = envelope((await client.post(path, { keyword: "框架协议", pageNo: 1, pageSize: 10 })).body);
      expect(d).toMatchObject({ total: 1, pageNo: 1, pageSize: 10 });
      expect(d.list[0]).toMatchObject({ name: "框架协议采购实务", highlightName: "<em>框架协议</em>采购实务" });
    }
    const all = envelope((await client.post(`${C}/center/search`, { pageNo: "1", pageSize: "1", sort: "1" })).body);
    expect(all).toMatchObject({ total: 2, pageSize: 1 });
    const bad = (await client.post(`${C}/center/search`, { pageSize: 1000 })).body;
    expect(bad).toMatchObject({ success: false, message: "每页条数不能大于100" });
    const missing = (await client.post(`${C}/getDetail`, {})).body;
    expect(missing).toMatchObject({ success: false, message: "缺少课程ID" });
  });
});
