import ExcelJS from "exceljs";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { examPractices, examQuestions, materialFolders } from "@db/schema";
import { createSession } from "@trpc-app/auth/session";
import { createQuestion } from "../factories/exam";
import { createQuestionFolder } from "../factories/practice";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { describeEachDb } from "../helpers/db";
import { legacyClient } from "../helpers/legacy";

/**
 * A folder with 3 single-choice, 2 true/false, 1 short answer (left out of practice) and 1 disabled
 * question; its sub-folder holds 1 multiple-choice; 1 question lies outside. Usable: 6, by type at most 3.
 */
async function setup(db: Db) {
  const root = await createQuestionFolder(db, "政府采购法规题库");
  const sub = await createQuestionFolder(db, "质疑与投诉", root.id);
  const other = await createQuestionFolder(db, "其他题库");
  for (const n of [1, 2, 3]) await createQuestion(db, { questionType: 1, content: `单选${n}`, options: ["甲", "乙"], answer: ["A"], folderId: root.id });
  for (const n of [1, 2]) await createQuestion(db, { questionType: 3, content: `判断${n}`, answer: ["正确"], folderId: root.id });
  await createQuestion(db, { questionType: 5, content: "简述质疑程序。", answer: ["略"], folderId: root.id });
  const off = await createQuestion(db, { questionType: 1, content: "已停用的题", options: ["甲", "乙"], answer: ["A"], folderId: root.id });
  await db.update(examQuestions).set({ status: 0 }).where(eq(examQuestions.id, off.id));
  await createQuestion(db, { questionType: 2, content: "多选1", options: ["甲", "乙", "丙"], answer: ["A", "B"], folderId: sub.id });
  await createQuestion(db, { questionType: 1, content: "别处的题", options: ["甲", "乙"], answer: ["A"], folderId: other.id });
  const admin = await createUser(db, { isAdmin: 1, nick: "考务管理员" });
  const ac = await signedInClient(db, admin.id);
  return { root, sub, other, admin, ac };
}

const messageOf = async (p: Promise<unknown>) => (await rejection(p)).message;

describeEachDb("exam practice back office: base info, modes bounded by the pool, users", (getDb) => {
  it("base info needs a name and existing question folders; the pool counts usable questions of the folders and sub-folders", async () => {
    const db = getDb();
    const { root, sub, other, ac } = await setup(db);
    expect(await messageOf(ac.call((c) => c.exam.admin.practice.saveBase({ name: "法规练习", folderIds: [] })))).toBe("请选择题目文件夹");
    expect(await messageOf(ac.call((c) => c.exam.admin.practice.saveBase({ name: "法规练习" } as never)))).toBe("请选择题目文件夹");
    expect(await messageOf(ac.call((c) => c.exam.admin.practice.saveBase({ name: "  ", folderIds: [root.id] })))).toBe("请输入练习名称");
    expect(await messageOf(ac.call((c) => c.exam.admin.practice.saveBase({ name: "法规练习", folderIds: [root.id, 999_999] })))).toBe("所选题目文件夹不存在或已删除，请重新选择");
    const [media] = await db.insert(materialFolders).values({ name: "图片视频", kind: 2 }).returning();
    expect(await messageOf(ac.call((c) => c.exam.admin.practice.saveBase({ name: "法规练习", folderIds: [media!.id] })))).toBe("所选题目文件夹不存在或已删除，请重新选择");

    const p = await ac.call((c) => c.exam.admin.practice.saveBase({ name: "法规练习", description: "每日一练", folderIds: [root.id, root.id] }));
    const got = await ac.call((c) => c.exam.admin.practice.getBase({ id: p.id }));
    expect(got).toMatchObject({ name: "法规练习", description: "每日一练", folderIds: [root.id], folders: [{ id: root.id, name: "政府采购法规题库" }], status: 0 });
    expect(got.pool.questionCount).toBe(6);
    expect(got.pool.types.map((t) => t.count)).toEqual([3, 1, 2, 0]);

    // Editing keeps the id; a parent and its sub-folder together count each question once.
    await ac.call((c) => c.exam.admin.practice.saveBase({ id: p.id, name: "法规练习（修订）", folderIds: [root.id, sub.id, other.id] }));
    expect((await ac.call((c) => c.exam.admin.practice.getBase({ id: p.id }))).pool.questionCount).toBe(7);
    expect((await ac.call((c) => c.exam.admin.practice.pool({ folderIds: [sub.id] }))).questionCount).toBe(1);
    expect(await messageOf(ac.call((c) => c.exam.admin.practice.saveBase({ id: 999_999, name: "不存在", folderIds: [root.id] })))).toBe("练习不存在或已删除");

    // The folder picker: each folder with its own and its subtree's usable questions; media folders stay out.
    const tree = await ac.call((c) => c.exam.admin.practice.folders());
    const top = tree.find((f) => f.id === root.id)!;
    expect(top).toMatchObject({ ownCount: 5, questionCount: 6, children: [{ id: sub.id, ownCount: 1, questionCount: 1 }] });
    expect(tree.some((f) => f.id === media!.id)).toBe(false);
  });

  it("a mode's questions per round cannot exceed the usable questions; one mode per type, edited in place", async () => {
    const db = getDb();
    const { root, ac } = await setup(db);
    const empty = await createQuestionFolder(db, "空题库");
    const bare = await ac.call((c) => c.exam.admin.practice.saveBase({ name: "空练习", folderIds: [empty.id] }));
    expect(await messageOf(ac.call((c) => c.exam.admin.practice.saveMode({ id: bare.id, modeType: 1, name: "顺序练习", questionCount: 1 })))).toBe("所选题目文件夹中暂无可练习的试题（简答题不参与练习）");
    expect(await messageOf(ac.call((c) => c.exam.admin.practice.enable({ id: bare.id })))).toBe("请先添加练习模式再启用");

    const p = await ac.call((c) => c.exam.admin.practice.saveBase({ name: "法规练习", folderIds: [root.id] }));
    const mode = (m: { modeId?: number; modeType: number; name?: string; questionCount: number }) =>
      ac.call((c) => c.exam.admin.practice.saveMode({ id: p.id, name: ["", "顺序练习", "随机练习", "题型练习"][m.modeType]!, ...m }));
    expect(await messageOf(mode({ modeType: 2, questionCount: 7 }))).toBe("每轮题数不能超过可用试题数（6道）");
    expect(await messageOf(mode({ modeType: 3, questionCount: 4 }))).toBe("每轮题数不能超过题量最多的题型的可用试题数（3道）");
    expect(await messageOf(mode({ modeType: 2, questionCount: 0 }))).toBe("每轮题数不能小于1");
    expect(await messageOf(mode({ modeType: 4, questionCount: 1 }))).toBe("练习类型不能大于3");
    expect(await messageOf(mode({ modeType: 2, name: "", questionCount: 1 }))).toBe("请输入模式名称");

    const random = await mode({ modeType: 2, name: "考前自测", questionCount: 6 });
    const byType = await mode({ modeType: 3, questionCount: 3 });
    const seq = await mode({ modeType: 1, questionCount: 5 });
    expect((await ac.call((c) => c.exam.admin.practice.modes({ id: p.id }))).map((m) => [m.modeType, m.name, m.questionCount])).toEqual([
      [1, "顺序练习", 5],
      [2, "考前自测", 6],
      [3, "题型练习", 3],
    ]);
    expect(new Set([random.id, byType.id, seq.id]).size).toBe(3);

    // Saving a type again without modeId edits that mode (old clients save by type); the id stays.
    expect(await mode({ modeType: 2, name: "随机练习", questionCount: 4 })).toMatchObject({ id: random.id, questionCount: 4 });
    expect(await mode({ modeId: seq.id, modeType: 1, name: "逐题刷", questionCount: 6 })).toMatchObject({ id: seq.id, name: "逐题刷" });
    expect(await messageOf(mode({ modeId: seq.id, modeType: 2, questionCount: 2 }))).toBe("该练习已有随机练习模式，请直接编辑");
    expect(await messageOf(mode({ modeId: 12345, modeType: 1, questionCount: 2 }))).toBe("练习模式不存在或已删除");
    expect((await ac.call((c) => c.exam.admin.practice.modes({ id: p.id }))).length).toBe(3);

    // A removed mode's id is never given again, so old rounds never attach to a new mode.
    await ac.call((c) => c.exam.admin.practice.removeMode({ id: p.id, modeId: byType.id }));
    expect(await messageOf(ac.call((c) => c.exam.admin.practice.removeMode({ id: p.id, modeId: byType.id })))).toBe("练习模式不存在或已删除");
    const again = await mode({ modeType: 3, questionCount: 2 });
    expect(again.id).not.toBe(byType.id);

    // Enabled, the last mode cannot go; disabled, it can.
    await ac.call((c) => c.exam.admin.practice.enable({ id: p.id }));
    await ac.call((c) => c.exam.admin.practice.removeMode({ id: p.id, modeId: again.id }));
    await ac.call((c) => c.exam.admin.practice.removeMode({ id: p.id, modeId: random.id }));
    expect(await messageOf(ac.call((c) => c.exam.admin.practice.removeMode({ id: p.id, modeId: seq.id })))).toBe("练习已启用，至少保留一种练习模式；如需删除请先停用练习");
    await ac.call((c) => c.exam.admin.practice.disable({ id: p.id }));
    await ac.call((c) => c.exam.admin.practice.removeMode({ id: p.id, modeId: seq.id }));
    expect(await ac.call((c) => c.exam.admin.practice.modes({ id: p.id }))).toEqual([]);
  });

  it("a learner's unfinished round survives an edit of its mode", async () => {
    const db = getDb();
    const { root, ac } = await setup(db);
    const learner = await createUser(db, { nick: "钱思远" });
    const lc = await signedInClient(db, learner.id);
    const p = await ac.call((c) => c.exam.admin.practice.saveBase({ name: "法规练习", folderIds: [root.id] }));
    const seq = await ac.call((c) => c.exam.admin.practice.saveMode({ id: p.id, modeType: 1, name: "顺序练习", questionCount: 3 }));
    await ac.call((c) => c.exam.admin.practice.enable({ id: p.id }));
    const first = await lc.call((c) => c.exam.practice.start({ id: p.id, modeId: seq.id }));
    await ac.call((c) => c.exam.admin.practice.saveMode({ id: p.id, modeId: seq.id, modeType: 1, name: "顺序练习", questionCount: 5 }));
    expect(await lc.call((c) => c.exam.practice.start({ id: p.id, modeId: seq.id }))).toEqual({ sessionId: first.sessionId, resumed: true });
  });

  it("listed users: added once, searched, filtered by source, removed, exported; legacy rows answer the same", async () => {
    const db = getDb();
    const { root, ac, admin } = await setup(db);
    const p = await ac.call((c) => c.exam.admin.practice.saveBase({ name: "法规练习", folderIds: [root.id] }));
    const seq = await ac.call((c) => c.exam.admin.practice.saveMode({ id: p.id, modeType: 1, name: "顺序练习", questionCount: 2 }));
    await ac.call((c) => c.exam.admin.practice.enable({ id: p.id }));
    const wu = await createUser(db, { nick: "吴婷", mobile: "13900000011" });
    const zhou = await createUser(db, { nick: "周敏", mobile: "13900000012" });
    const open = await createUser(db, { nick: "林晓", mobile: "13900000013" });

    expect(await messageOf(ac.call((c) => c.exam.admin.practice.addUser({ id: p.id, userIds: [wu.id, 999_999] })))).toBe("所选用户不存在，请刷新后重试");
    expect(await messageOf(ac.call((c) => c.exam.admin.practice.addUser({ id: p.id, userIds: [] })))).toBe("请选择用户");
    expect(await ac.call((c) => c.exam.admin.practice.addUser({ id: p.id, userIds: [wu.id, zhou.id] }))).toMatchObject({ added: 2, userCount: 2 });
    expect(await ac.call((c) => c.exam.admin.practice.addUser({ id: p.id, userIds: [zhou.id] }))).toMatchObject({ added: 0, userCount: 2 });

    // One learner practises through the open range (open to all): listed after the listed users.
    const lc = await signedInClient(db, open.id);
    const { sessionId } = await lc.call((c) => c.exam.practice.start({ id: p.id, modeId: seq.id }));
    const s = await lc.call((c) => c.exam.practice.session({ sessionId }));
    await lc.call((c) => c.exam.practice.answer({ sessionId, questionId: s.questions[0]!.questionId, answer: ["A"] }));

    const all = await ac.call((c) => c.exam.admin.practice.userPage({ id: p.id, pageSize: 2 }));
    expect(all).toMatchObject({ total: 3, pageNo: 1, practiceName: "法规练习" });
    expect(all.list.map((u) => [u.name, u.source])).toEqual([["吴婷", 1], ["周敏", 1]]);
    const second = await ac.call((c) => c.exam.admin.practice.userPage({ id: p.id, pageSize: 2, pageNo: 2 }));
    expect(second.list[0]).toMatchObject({ name: "林晓", source: 2, answeredCount: 1, correctCount: 1, correctRate: 100, doneQuestionCount: 1, wrongCount: 0 });
    expect((await ac.call((c) => c.exam.admin.practice.userPage({ id: p.id, keyword: "周" }))).list.map((u) => u.name)).toEqual(["周敏"]);
    expect((await ac.call((c) => c.exam.admin.practice.userPage({ id: p.id, keyword: "13900000013" }))).list.map((u) => u.name)).toEqual(["林晓"]);
    expect((await ac.call((c) => c.exam.admin.practice.userPage({ id: p.id, keyword: "%" }))).total).toBe(0);
    expect((await ac.call((c) => c.exam.admin.practice.userPage({ id: p.id, source: 2 }))).list.map((u) => u.name)).toEqual(["林晓"]);
    expect((await ac.call((c) => c.exam.admin.practice.userPage({ id: p.id, source: 1 }))).total).toBe(2);

    const file = await ac.call((c) => c.exam.admin.practice.userExport({ id: p.id, keyword: "林" }));
    expect(file.fileName).toBe("法规练习-练习人员.xlsx");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(file.base64, "base64") as never);
    const rows = wb.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(1, 8)).toEqual(["林晓", open.loginName, "13900000013", "开放范围", 1, 1, "100%"]);

    expect(await ac.call((c) => c.exam.admin.practice.removeUser({ id: p.id, userIds: [wu.id, open.id] }))).toMatchObject({ removed: 1, userCount: 1 });
    const [row] = await db.select().from(examPractices).where(eq(examPractices.id, p.id));
    expect(row!.userIds).toEqual([zhou.id]);

    // Old clients: string numbers, the envelope, a readable refusal for a count over the pool.
    const client = legacyClient(db);
    client.jar.cy_session = (await createSession(db, admin.id)).token;
    const over = await client.post("/api/elearning/back/practice/saveMode", { id: String(p.id), modeType: "2", name: "随机练习", questionCount: "99" });
    expect(over.body).toMatchObject({ success: false, message: "每轮题数不能超过可用试题数（6道）" });
    const ok = await client.post("/api/elearning/back/practice/saveMode", { id: String(p.id), modeType: "2", name: "随机练习", questionCount: "6" });
    expect(ok.body).toMatchObject({ success: true, data: { modeType: 2, questionCount: 6 } });
    const list = await client.get("/api/elearning/back/practice/modelList", { id: p.id });
    expect(list.body.data.map((m: { modeType: number }) => m.modeType)).toEqual([1, 2]);
    const base = await client.get("/api/elearning/back/practice/getBaseDetail", { id: p.id });
    expect(base.body).toMatchObject({ success: true, data: { folders: [{ name: "政府采购法规题库" }], pool: { questionCount: 6 } } });
    const noFolder = await client.post("/api/elearning/back/practice/saveBase", { name: "新练习", folderIds: "" });
    expect(noFolder.body).toMatchObject({ success: false, message: "请选择题目文件夹" });
  });
});
