import { readFileSync } from "node:fs";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { examPapers, examQuestionImports, examQuestions, materialFolders, materialItems } from "@db/schema";
import { createSession } from "@trpc-app/auth/session";
import { createQuestion } from "../factories/exam";
import { createPractice, createQuestionFolder } from "../factories/practice";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { describeEachDb } from "../helpers/db";
import { legacyClient } from "../helpers/legacy";

const messageOf = async (p: Promise<unknown>) => (await rejection(p)).message;
const judge = (db: Db, content: string, folderId?: number) => createQuestion(db, { questionType: 3, content, answer: ["正确"], folderId });

async function admin(db: Db) {
  const u = await createUser(db, { isAdmin: 1, nick: "题库管理员" });
  return { user: u, ac: await signedInClient(db, u.id) };
}

async function xlsx(rows: string[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("试题");
  ws.addRow(["题型", "题干", "选项A", "选项B", "选项C", "选项D", "选项E", "选项F", "正确答案", "难度", "解析"]);
  for (const r of rows) ws.addRow(r);
  return new File([(await wb.xlsx.writeBuffer()) as ArrayBuffer], "试题.xlsx");
}

const folderKind = async (db: Db, id: number) => (await db.select().from(materialFolders).where(eq(materialFolders.id, id)))[0]?.kind;

describeEachDb("question bank folders (kind 3), apart from the courseware library", (getDb) => {
  it("the courseware tree and the question tree never show each other's folders; the practice picker lists question folders only", async () => {
    const db = getDb();
    const { ac } = await admin(db);
    const ware = await ac.call((c) => c.material.admin.folder.create({ name: "课程视频", kind: 1 }));
    const media = await ac.call((c) => c.material.admin.folder.create({ name: "课程封面", kind: 2 }));
    const bank = await ac.call((c) => c.material.admin.folder.create({ name: "政府采购法规题库", kind: 3 }));
    // A sub-folder takes its parent's kind, whatever the client says.
    const sub = await ac.call((c) => c.material.admin.folder.create({ name: "质疑与投诉", parentId: bank.id, kind: 1 }));
    expect(await folderKind(db, sub.id)).toBe(3);
    await judge(db, "采购文件应当保存十五年。", sub.id);

    expect((await ac.call((c) => c.material.admin.folder.tree({ kind: 1 }))).map((f) => f.id)).toEqual([ware.id]);
    expect((await ac.call((c) => c.material.admin.folder.tree({ kind: 2 }))).map((f) => f.id)).toEqual([media.id]);
    expect(await ac.call((c) => c.material.admin.folder.tree({ kind: 3 }))).toMatchObject([{ id: bank.id, kind: 3, children: [{ id: sub.id, kind: 3 }] }]);
    expect(await ac.call((c) => c.exam.admin.practice.folders())).toMatchObject([{ id: bank.id, questionCount: 1, children: [{ id: sub.id, ownCount: 1 }] }]);
    const bankTree = await ac.call((c) => c.exam.admin.question.folders());
    expect(bankTree).toMatchObject({ total: 1, unfiled: 0, folders: [{ id: bank.id, ownCount: 0, questionCount: 1, children: [{ id: sub.id, ownCount: 1 }] }] });
    expect(bankTree.folders).toHaveLength(1);

    // A practice cannot be built on a courseware folder.
    expect(await messageOf(ac.call((c) => c.exam.admin.practice.saveBase({ name: "法规练习", folderIds: [ware.id] })))).toBe("所选题目文件夹不存在或已删除，请重新选择");
    // Folders stay in their own tree when moved.
    expect(await messageOf(ac.call((c) => c.material.admin.folder.move({ id: sub.id, parentId: ware.id })))).toBe("只能移动到同一类的文件夹下");
    expect(await messageOf(ac.call((c) => c.material.admin.folder.move({ id: ware.id, parentId: bank.id })))).toBe("只能移动到同一类的文件夹下");
    expect((await db.select().from(materialFolders).where(eq(materialFolders.id, sub.id)))[0]!.parentId).toBe(bank.id);

    const badKind = "文件夹类型不正确，应为1（课件资料）、2（图片视频）或3（题库）";
    expect(await messageOf(ac.call((c) => c.material.admin.folder.create({ name: "其他", kind: 4 })))).toBe(badKind);
    expect(await messageOf(ac.call((c) => c.material.admin.folder.tree({ kind: "题库" as never })))).toBe(badKind);

    // Old clients name the kind themselves; 3 passes through the legacy rows.
    const client = legacyClient(db);
    client.jar.cy_session = (await createSession(db, (await createUser(db, { isAdmin: 1 })).id)).token;
    const made = await client.post("/api/elearning/materialLibFolder/create", { name: "继续教育题库", kind: "3" });
    expect(made.body).toMatchObject({ success: true });
    expect(await folderKind(db, made.body.data.id)).toBe(3);
    const tree = await client.post("/api/elearning/materialLibFolder/queryTree", { kind: 3 });
    expect(tree.body.data.map((f: { name: string }) => f.name)).toEqual(["政府采购法规题库", "继续教育题库"]);
    expect((await client.post("/api/elearning/materialLibFolder/queryTree", { kind: 1 })).body.data.map((f: { name: string }) => f.name)).toEqual(["课程视频"]);
    expect((await client.post("/api/elearning/materialLibFolder/create", { name: "x", kind: 9 })).body).toMatchObject({ success: false, message: badKind });
  });

  it("a question cannot be filed into a courseware folder, by add, update, batch update or import", async () => {
    const db = getDb();
    const { ac } = await admin(db);
    const ware = await ac.call((c) => c.material.admin.folder.create({ name: "讲义资料", kind: 1 }));
    const bank = await createQuestionFolder(db, "政府采购法规题库");
    const notBank = "所选文件夹不是题库文件夹，试题只能放入题库中的文件夹";
    const gone = "文件夹不存在或已删除，请重新选择";
    const body = { questionType: 3, content: "政府采购合同应当采用书面形式。", answer: ["正确"] };

    expect(await messageOf(ac.call((c) => c.exam.admin.question.add({ ...body, folderId: ware.id })))).toBe(notBank);
    expect(await messageOf(ac.call((c) => c.exam.admin.question.add({ ...body, materialLibFolderId: ware.id })))).toBe(notBank);
    expect(await messageOf(ac.call((c) => c.exam.admin.question.add({ ...body, folderId: 999_999 })))).toBe(gone);
    expect(await db.select().from(examQuestions)).toHaveLength(0);

    const q = await ac.call((c) => c.exam.admin.question.add({ ...body, folderId: bank.id }));
    expect(q.folderId).toBe(bank.id);
    expect(await messageOf(ac.call((c) => c.exam.admin.question.update({ id: q.id, ...body, folderId: ware.id })))).toBe(notBank);
    // An update naming no folder keeps the question where it is; null takes it out.
    await ac.call((c) => c.exam.admin.question.update({ id: q.id, ...body, analysis: "《政府采购法》第四十四条。" }));
    expect((await db.select().from(examQuestions).where(eq(examQuestions.id, q.id)))[0]).toMatchObject({ folderId: bank.id, analysis: "《政府采购法》第四十四条。" });
    await ac.call((c) => c.exam.admin.question.update({ id: q.id, ...body, folderId: null }));
    expect((await db.select().from(examQuestions).where(eq(examQuestions.id, q.id)))[0]!.folderId).toBeNull();

    expect(await messageOf(ac.call((c) => c.exam.admin.question.batchUpdate({ ids: [q.id], folderId: ware.id })))).toBe(notBank);
    expect(await messageOf(ac.call((c) => c.exam.admin.question.batchUpdate({ ids: [q.id], materialLibFolderId: 999_999 })))).toBe(gone);
    expect((await db.select().from(examQuestions).where(eq(examQuestions.id, q.id)))[0]!.folderId).toBeNull();

    const file = await xlsx([["判断题", "采购人可以化整为零规避公开招标。", "", "", "", "", "", "", "错误", "简单", ""]]);
    expect(await messageOf(ac.call((c) => c.exam.admin.question.importExcel({ file, folderId: ware.id })))).toBe(notBank);
    expect(await db.select().from(examQuestionImports)).toHaveLength(0);
    const done = await ac.call((c) => c.exam.admin.question.importExcel({ file, folderId: bank.id }));
    expect(done).toMatchObject({ imported: 1, failed: 0 });
    expect((await db.select().from(examQuestions).where(eq(examQuestions.content, "采购人可以化整为零规避公开招标。")))[0]!.folderId).toBe(bank.id);

    // The legacy multipart import reads the folder from the form, and refuses a courseware one too.
    const client = legacyClient(db);
    client.jar.cy_session = (await createSession(db, (await createUser(db, { isAdmin: 1 })).id)).token;
    const refused = await client.call("POST", "/api/elearning/materialLibQuestion/importQuestionExcel", { multipart: { file, materialLibFolderId: String(ware.id) } });
    expect(refused.body).toMatchObject({ success: false, message: notBank });
    const legacyOk = await client.call("POST", "/api/elearning/materialLibQuestion/importQuestionExcel", { multipart: { file, folderId: String(bank.id) } });
    expect(legacyOk.body).toMatchObject({ success: true, data: { imported: 1 } });
    expect((await db.select().from(examQuestions).where(eq(examQuestions.folderId, bank.id))).length).toBe(2);
  });

  it("a question folder in use cannot be deleted; courseware folders keep their rule", async () => {
    const db = getDb();
    const { ac } = await admin(db);
    const bank = await createQuestionFolder(db, "政府采购法规题库");
    const sub = await createQuestionFolder(db, "质疑与投诉", bank.id);
    const q1 = await judge(db, "供应商可以在知道其权益受到损害之日起七个工作日内提出质疑。", sub.id);
    const q2 = await judge(db, "质疑函应当以书面形式提出。", sub.id);

    expect(await messageOf(ac.call((c) => c.material.admin.folder.delete({ id: bank.id })))).toBe("文件夹不为空，请先删除或移走其中的子文件夹");
    expect(await messageOf(ac.call((c) => c.material.admin.folder.delete({ id: sub.id })))).toBe("文件夹中还有2道试题，请先移到其他文件夹或删除");
    // Deleted questions do not hold a folder.
    await ac.call((c) => c.exam.admin.question.batchDelete({ ids: [q1.id] }));
    expect(await messageOf(ac.call((c) => c.material.admin.folder.delete({ id: sub.id })))).toBe("文件夹中还有1道试题，请先移到其他文件夹或删除");
    await ac.call((c) => c.exam.admin.question.batchUpdate({ ids: [q2.id], folderId: bank.id }));

    await createPractice(db, { name: "质疑与投诉专项练习", folderIds: [sub.id] });
    expect(await messageOf(ac.call((c) => c.material.admin.folder.delete({ id: sub.id })))).toBe("练习「质疑与投诉专项练习」正在使用该文件夹，请先在练习中移除");
    const ruled = await createQuestionFolder(db, "抽题专用");
    await db.insert(examPapers).values({ name: "法规随机卷", paperType: 2, rules: [{ questionType: 3, folderId: ruled.id, count: 1, score: 5 }] });
    expect(await messageOf(ac.call((c) => c.material.admin.folder.delete({ id: ruled.id })))).toBe("试卷「法规随机卷」的抽题规则正在使用该文件夹，请先修改试卷");
    expect(await db.select().from(materialFolders).where(inArray(materialFolders.id, [bank.id, sub.id, ruled.id]))).toHaveLength(3);

    const empty = await createQuestionFolder(db, "空文件夹");
    await ac.call((c) => c.material.admin.folder.delete({ id: empty.id }));
    expect(await db.select().from(materialFolders).where(eq(materialFolders.id, empty.id))).toHaveLength(0);

    const ware = await ac.call((c) => c.material.admin.folder.create({ name: "课程视频", kind: 1 }));
    await ac.call((c) => c.material.admin.courseware.add({ name: "采购意向公开讲解", folderId: ware.id, url: "/storage/file/x/a.pdf", fileName: "a.pdf" }));
    expect(await messageOf(ac.call((c) => c.material.admin.folder.delete({ id: ware.id })))).toBe("文件夹不为空，请先移走其中的文件夹、素材和试题");
  });

  it("ticked questions move into a folder in one call; a folder lists its own and its sub-folders' questions", async () => {
    const db = getDb();
    const { ac } = await admin(db);
    const bank = await createQuestionFolder(db, "政府采购法规题库");
    const sub = await createQuestionFolder(db, "质疑与投诉", bank.id);
    const a = await judge(db, "公开招标应作为政府采购的主要采购方式。");
    const b = await judge(db, "采购人应当在合同签订后公告。");
    const c3 = await judge(db, "询价适用于规格标准统一的货物。");
    const inSub = await judge(db, "投诉应当向财政部门提出。", sub.id);

    const moved = await ac.call((c) => c.exam.admin.question.batchUpdate({ ids: [a.id, b.id], folderId: bank.id }));
    expect(moved).toEqual({ updated: 2 });
    const stored = await db.select().from(examQuestions).orderBy(asc(examQuestions.id));
    expect(stored.map((q) => [q.id, q.folderId])).toEqual([[a.id, bank.id], [b.id, bank.id], [c3.id, null], [inSub.id, sub.id]]);

    const ids = async (input: Record<string, unknown>) => (await ac.call((c) => c.exam.admin.question.page(input as never))).list.map((q) => q.id).sort((x, y) => x - y);
    expect(await ids({ folderId: bank.id })).toEqual([a.id, b.id, inSub.id]);
    expect(await ids({ folderId: sub.id })).toEqual([inSub.id]);
    expect(await ids({ noFolder: 1 })).toEqual([c3.id]);
    expect(await ids({ materialLibFolderId: sub.id, keyword: "投诉" })).toEqual([inSub.id]);
    expect(await ac.call((c) => c.exam.admin.question.folders())).toMatchObject({
      total: 4,
      unfiled: 1,
      folders: [{ id: bank.id, ownCount: 2, questionCount: 3, children: [{ id: sub.id, ownCount: 1, questionCount: 1 }] }],
    });

    // Out of the folder again, through the legacy row old clients use.
    const client = legacyClient(db);
    client.jar.cy_session = (await createSession(db, (await createUser(db, { isAdmin: 1 })).id)).token;
    const out = await client.post("/api/elearning/materialLibQuestion/batchUpdate", { ids: `${a.id}`, folderId: null });
    expect(out.body).toMatchObject({ success: true, data: { updated: 1 } });
    expect(await ids({ noFolder: 1 })).toEqual([a.id, c3.id]);
    // A batch update naming nothing to change is refused.
    expect(await messageOf(ac.call((c) => c.exam.admin.question.batchUpdate({ ids: [a.id] })))).toBe("请选择要修改的内容");
  });

  it("the data migration turns folders holding questions, or used by practices or paper rules, into question folders", async () => {
    const db = getDb();
    // Folders as they were before question folders had a kind of their own.
    const folder = async (name: string, parentId: number | null = null) => (await db.insert(materialFolders).values({ name, kind: 1, parentId }).returning())[0]!;
    const item = async (name: string, folderId: number) => (await db.insert(materialItems).values({ name, folderId, url: `/storage/file/x/${name}` }).returning())[0]!;
    const withQuestions = await folder("法规题库");
    const below = await folder("法规题库子目录", withQuestions.id);
    const practised = await folder("练习题库");
    const ruled = await folder("抽题题库");
    const ware = await folder("课程视频");
    const wareItem = await item("讲解.mp4", ware.id);
    const underWare = await folder("课后习题", ware.id);
    const mixed = await folder("混合目录");
    const mixedChild = await folder("混合子目录", mixed.id);
    const mixedItem = await item("讲义.pdf", mixed.id);
    const mixedChildItem = await item("附件.pdf", mixedChild.id);
    const deletedOnly = await folder("只有已删题目");
    await judge(db, "题1", withQuestions.id);
    await judge(db, "题2", underWare.id);
    await judge(db, "题3", mixed.id);
    const gone = await judge(db, "已删除的题", deletedOnly.id);
    await db.update(examQuestions).set({ deletedAt: new Date() }).where(eq(examQuestions.id, gone.id));
    await createPractice(db, { folderIds: [practised.id] });
    await db.insert(examPapers).values({ name: "随机卷", paperType: 2, rules: [{ questionType: 3, folderId: ruled.id, count: 1, score: 5 }] });

    const file = readFileSync(join(process.cwd(), "db/migrations/0016_question_folders.sql"), "utf8");
    await db.transaction(async (tx) => {
      for (const stmt of file.split("--> statement-breakpoint")) if (stmt.trim()) await tx.execute(sql.raw(stmt));
    });

    const all = await db.select().from(materialFolders).orderBy(asc(materialFolders.id));
    const byId = new Map(all.map((f) => [f.id, f]));
    for (const f of [withQuestions, below, practised, ruled, underWare, mixed, mixedChild]) expect(byId.get(f.id)!.kind, f.name).toBe(3);
    for (const f of [ware, deletedOnly]) expect(byId.get(f.id)!.kind, f.name).toBe(1);
    // Structure inside a converted tree stays; one under a courseware folder becomes a top-level question folder.
    expect(byId.get(below.id)!.parentId).toBe(withQuestions.id);
    expect(byId.get(underWare.id)!.parentId).toBeNull();
    // Library files of converted folders stay in the library, in new folders of the old name and kind.
    const twins = all.filter((f) => f.id > deletedOnly.id);
    expect(twins).toHaveLength(2);
    expect(twins.map((f) => [f.name, f.kind])).toEqual(expect.arrayContaining([["混合目录", 1], ["混合子目录", 1]]));
    const twin = twins.find((f) => f.name === "混合目录");
    const twinChild = twins.find((f) => f.name === "混合子目录");
    expect(twinChild!.parentId).toBe(twin!.id);
    expect(twin!.parentId).toBeNull();
    expect(twins.every((f) => !("questionFolderSplitFrom" in f.setting))).toBe(true);
    const items = await db.select().from(materialItems).orderBy(asc(materialItems.id));
    expect(items.map((i) => [i.id, i.folderId])).toEqual([[wareItem.id, ware.id], [mixedItem.id, twin!.id], [mixedChildItem.id, twinChild!.id]]);
    // Questions stay where they were filed.
    expect((await db.select().from(examQuestions).where(isNull(examQuestions.deletedAt))).every((q) => byId.get(q.folderId!)!.kind === 3)).toBe(true);
    // The courseware tree and the question tree now read apart.
    const { ac } = await admin(db);
    expect((await ac.call((c) => c.material.admin.folder.tree({ kind: 1 }))).map((f) => f.name)).toEqual(["课程视频", "只有已删题目", "混合目录"]);
    expect((await ac.call((c) => c.exam.admin.practice.folders())).map((f) => f.name)).toEqual(["法规题库", "练习题库", "抽题题库", "课后习题", "混合目录"]);
  });
  it("library files stay in their own library's folders", async () => {
    const db = getDb();
    const { ac } = await admin(db);
    const bank = await ac.call((c) => c.material.admin.folder.create({ name: "法规题库", kind: 3 }));
    const media = await ac.call((c) => c.material.admin.folder.create({ name: "课程封面", kind: 2 }));
    const ware = await ac.call((c) => c.material.admin.folder.create({ name: "讲义资料", kind: 1 }));
    expect(await messageOf(ac.call((c) => c.material.admin.courseware.add({ name: "讲义", url: "/storage/file/material/a.pdf", fileName: "a.pdf", folderId: bank.id })))).toBe("所选文件夹不属于课件资料，请重新选择");
    expect(await messageOf(ac.call((c) => c.material.admin.media.add({ name: "封面", url: "/storage/file/material/a.png", fileName: "a.png", folderId: ware.id })))).toBe("所选文件夹不属于图片视频，请重新选择");
    const item = await ac.call((c) => c.material.admin.courseware.add({ name: "讲义", url: "/storage/file/material/a.pdf", fileName: "a.pdf", folderId: ware.id }));
    expect(await messageOf(ac.call((c) => c.material.admin.courseware.update({ id: item.id, folderId: media.id })))).toBe("所选文件夹不属于课件资料，请重新选择");
    expect(await messageOf(ac.call((c) => c.material.admin.courseware.batchUpdate({ ids: [item.id], folderId: bank.id })))).toBe("所选文件夹不属于课件资料，请重新选择");
    expect(await messageOf(ac.call((c) => c.material.admin.courseware.batchUpdate({ ids: [item.id], folderId: 9_999_999 })))).toBe("文件夹不存在或已删除，请重新选择");
    expect((await db.select().from(materialItems).where(eq(materialItems.id, item.id)))[0]!.folderId).toBe(ware.id);
  });
});
