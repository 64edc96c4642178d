import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { exams } from "@db/schema";
import { createCourse } from "../factories/course";
import { createExam, createFixedPaper, createQuestion } from "../factories/exam";
import { createLive } from "../factories/live";
import { rejection } from "../helpers/auth";
import { testClient } from "../helpers/caller";
import { describeEachDb } from "../helpers/db";

describeEachDb("search over courses, lives and exams", (getDb) => {
  it("finds each kind of content by its title, title matches first, hidden content left out", async () => {
    const db = getDb();
    await createCourse(db, { name: "框架协议采购实务精讲", status: 1 });
    await createCourse(db, { name: "政府采购需求管理", teacherName: "框架协议课题组", status: 1 });
    await createCourse(db, { name: "框架协议采购草稿课", status: 0 });
    await createLive(db, { name: "框架协议采购政策直播解读", liveStatus: 0 });
    await createLive(db, { name: "电子卖场操作答疑", liveStatus: 1 });
    const q = await createQuestion(db, { questionType: 3, content: "框架协议采购适用于多频次、小额度采购。", answer: ["A"] });
    const paper = await createFixedPaper(db, "框架协议试卷", [{ questionId: q.id, score: 100 }]);
    const open = await createExam(db, { name: "框架协议采购知识测验", paperId: paper.id });
    const hidden = await createExam(db, { name: "框架协议采购内部测验", paperId: paper.id });
    await db.update(exams).set({ status: 0 }).where(eq(exams.id, hidden.id));

    const found = await testClient(db).call((c) => c.search.all({ keyword: "框架协议", pageNo: 1, pageSize: 10 }));
    expect(found.courses.list.map((c) => c.name)).toEqual(["框架协议采购实务精讲", "政府采购需求管理"]);
    expect(found.courses.list[0]!.highlightName).toContain("<em>框架协议</em>");
    expect(found.lives.list.map((l) => l.name)).toEqual(["框架协议采购政策直播解读"]);
    expect(found.lives.list[0]).toMatchObject({ liveStatus: 0, highlightName: expect.stringContaining("<em>框架协议</em>") });
    expect(found.exams.list.map((e) => e.id)).toEqual([open.id]);
    expect(found.exams.total).toBe(1);
  });

  it("refuses an empty or over-long keyword with a Chinese message", async () => {
    const client = testClient(getDb());
    expect((await rejection(client.call((c) => c.search.all({ keyword: "  ", pageNo: 1, pageSize: 10 })))).message).toBe("请输入搜索关键词");
    expect((await rejection(client.call((c) => c.search.all({ keyword: "采".repeat(33), pageNo: 1, pageSize: 10 })))).message).toBe(
      "搜索关键词不能超过32个字符",
    );
  });
});
