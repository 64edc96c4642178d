import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { expect, it } from "vitest";
import { courseChapters, courses, userCourses } from "@db/schema";
import { uploadsRoot } from "@trpc-app/upload/config";
import { createQuestion } from "../factories/exam";
import { createPractice, createQuestionFolder } from "../factories/practice";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { describeEachDb } from "../helpers/db";

async function readXlsx(base64: string) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(base64, "base64") as never);
  const ws = wb.worksheets[0]!;
  return ws.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
}

describeEachDb("back office: courses and the material library", (getDb) => {
  it("a question folder holding questions, or used by a practice, cannot be deleted", async () => {
    const db = getDb();
    const a = await signedInClient(db, (await createUser(db, { isAdmin: 1 })).id);
    const withQuestion = await createQuestionFolder(db, "政府采购法条文题");
    await createQuestion(db, { questionType: 3, content: "采购人可以将应当以公开招标方式采购的货物化整为零。", answer: ["错误"], folderId: withQuestion.id });
    expect((await rejection(a.call((c) => c.material.admin.folder.delete({ id: withQuestion.id })))).message).toBe("文件夹中还有1道试题，请先移到其他文件夹或删除");
    const practised = await createQuestionFolder(db, "质疑投诉专题");
    await createPractice(db, { name: "质疑与投诉专项练习", folderIds: [practised.id] });
    expect((await rejection(a.call((c) => c.material.admin.folder.delete({ id: practised.id })))).message).toBe("练习「质疑与投诉专项练习」正在使用该文件夹，请先在练习中移除");
    const empty = await createQuestionFolder(db, "空文件夹");
    await a.call((c) => c.material.admin.folder.delete({ id: empty.id }));
    expect((await a.call((c) => c.material.admin.folder.tree({ kind: 3 }))).map((f) => f.name).sort()).toEqual(["政府采购法条文题", "质疑投诉专题"].sort());
  });

  it("builds a course from the library, releases it, and a learner finds and joins it", async () => {
    const db = getDb();
    const admin = await createUser(db, { isAdmin: 1 });
    const a = await signedInClient(db, admin.id);
    const folder = await a.call((c) => c.material.admin.folder.create({ name: "政策解读视频" }));
    const sub = await a.call((c) => c.material.admin.folder.create({ name: "2026年新规", parentId: folder.id }));
    expect(await a.call((c) => c.material.admin.folder.tree({ kind: 1 }))).toMatchObject([{ name: "政策解读视频", children: [{ id: sub.id, name: "2026年新规" }] }]);
    expect((await rejection(a.call((c) => c.material.admin.folder.move({ id: folder.id, parentId: sub.id })))).message).toBe("不能移动到自身或其子文件夹下");

    // A real file in local storage: the duration comes from the media itself.
    mkdirSync(join(uploadsRoot(), "material"), { recursive: true });
    execFileSync("ffmpeg", ["-y", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc2=size=160x90:rate=10", "-t", "3", "-pix_fmt", "yuv420p", join(uploadsRoot(), "material/clip.mp4")]);
    const video = await a.call((c) => c.material.admin.courseware.add({ name: "采购意向公开讲解", folderId: sub.id, url: "/storage/file/material/clip.mp4", fileName: "clip.mp4", duration: 999 }));
    expect(video).toMatchObject({ fileType: 1, duration: 3 });
    const doc = await a.call((c) => c.material.admin.courseware.add({ name: "讲义", url: "/storage/file/material/handout.pdf", fileName: "讲义.pdf" }));
    expect(doc.fileType).toBe(2);
    expect((await a.call((c) => c.material.admin.courseware.pageList({ folderId: sub.id }))).list.map((i) => i.name)).toEqual(["采购意向公开讲解"]);
    expect((await rejection(a.call((c) => c.material.admin.folder.delete({ id: sub.id })))).message).toContain("文件夹不为空");
    const exported = await readXlsx((await a.call((c) => c.material.admin.courseware.exportList({}))).base64);
    expect(exported[0]).toContain("名称");
    expect(exported.map((r) => r[1])).toContain("采购意向公开讲解");

    const { id } = await a.call((c) => c.course.admin.saveBase({ name: "采购意向公开操作指引", teacherName: "刘晓华", isFree: 1 }));
    expect((await db.select().from(courses).where(eq(courses.id, id)))[0]!.status).toBe(0);
    expect((await rejection(a.call((c) => c.course.admin.release({ id })))).message).toContain("还没有封面");
    await a.call((c) => c.course.admin.saveBase({ id, name: "采购意向公开操作指引", teacherName: "刘晓华", coverUrl: "/storage/file/covers/a.png" }));
    expect((await rejection(a.call((c) => c.course.admin.release({ id })))).message).toContain("还没有课件");
    await a.call((c) => c.course.admin.saveCourseware({ id, chapters: [{ name: "第一章 概述", children: [{ name: "1.1 讲解", coursewareId: video.id }, { name: "1.2 讲义", coursewareId: doc.id }] }] }));
    const stored = await db.select().from(courseChapters).where(eq(courseChapters.courseId, id));
    expect(stored.filter((s) => s.parentId !== null).map((s) => [s.name, s.type, s.duration])).toEqual([["1.1 讲解", 1, 3], ["1.2 讲义", 2, 0]]);
    await a.call((c) => c.course.admin.saveDetail({ id, description: '<p onclick="x()">说明</p><script>alert(1)</script>' }));
    expect((await db.select().from(courses).where(eq(courses.id, id)))[0]!.description).toBe("<p>说明</p>");
    await a.call((c) => c.course.admin.release({ id }));
    expect(await a.call((c) => c.course.admin.count())).toMatchObject({ total: 1, released: 1 });

    const learner = await createUser(db);
    const l = await signedInClient(db, learner.id);
    const found = await l.call((c) => c.course.search({ keyword: "意向公开" }));
    expect(found.list.map((c) => c.id)).toEqual([id]);
    await l.call((c) => c.course.join({ courseId: id }));

    // Copies start as drafts; a released course is taken offline before deletion.
    const copy = await a.call((c) => c.course.admin.copy({ id }));
    expect((await a.call((c) => c.course.admin.getOne({ id: copy.id })))).toMatchObject({ name: "采购意向公开操作指引（副本）", status: 0, chapters: [{ children: [{}, {}] }] });
    expect((await rejection(a.call((c) => c.course.admin.del({ id })))).message).toContain("请先下架");
    await a.call((c) => c.course.admin.release({ id: copy.id, status: 2 }));
    await a.call((c) => c.course.admin.del({ ids: [copy.id] }));
    expect((await a.call((c) => c.course.admin.page({}))).list.map((c) => c.id)).toEqual([id]);

    // Learners of the course: added by an admin on a paid course, opened by finishPay.
    const paid = await a.call((c) => c.course.admin.saveBase({ name: "框架协议采购实务", coverUrl: "/x.png", isFree: 0, price: 19900 }));
    const other = await createUser(db);
    await a.call((c) => c.course.admin.learners.add({ courseId: paid.id, userIds: [other.id] }));
    expect((await db.select().from(userCourses).where(eq(userCourses.courseId, paid.id)))[0]).toMatchObject({ source: "admin", payStatus: 0 });
    await a.call((c) => c.course.admin.learners.finishPay({ courseId: paid.id, userId: other.id }));
    expect((await db.select().from(userCourses).where(eq(userCourses.courseId, paid.id)))[0]!.payStatus).toBe(1);
    expect(await a.call((c) => c.course.admin.learners.result({ courseId: id }))).toMatchObject({ joinedNum: 1, completedNum: 0 });
    const rows = await readXlsx((await a.call((c) => c.course.admin.learners.exportResult({ courseId: id }))).base64);
    expect(rows[1]![0]).toBe(learner.id);
  });

  it("learners may not use the back office", async () => {
    const db = getDb();
    const learner = await createUser(db);
    const l = await signedInClient(db, learner.id);
    expect((await rejection(l.call((c) => c.course.admin.page({})))).legacyCode).toBe("403");
    expect((await rejection(l.call((c) => c.material.admin.folder.tree({})))).legacyCode).toBe("403");
  });
});
