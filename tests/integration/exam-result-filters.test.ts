import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { userCourses } from "@db/schema";
import { createSession } from "@trpc-app/auth/session";
import { createCourse } from "../factories/course";
import { createExam, createFixedPaper, createQuestion } from "../factories/exam";
import { createIdentity } from "../factories/identity";
import { addMembership, createGroup, createRole } from "../factories/org";
import { createUser } from "../factories/user";
import { signedInClient } from "../helpers/auth";
import { legacyClient } from "../helpers/legacy";
import { describeEachDb } from "../helpers/db";

/**
 * Four learners who each submitted once, and one who only registered:
 *   陈思远  role 采购岗/审核岗 (child), group 省财政厅/处室 (child), identity 杭州市财政局, joined the course
 *   李文静  role 采购岗 (parent), group 省财政厅, course added but unpaid
 *   王海涛  group 宁波市政府采购中心 (no identity)
 *   赵敏    nothing
 *   孙悦    role 采购岗, registered only
 */
async function setup(db: Db) {
  const q = await createQuestion(db, { questionType: 3, content: "政府采购合同应当采用书面形式。", answer: ["正确"] });
  const paper = await createFixedPaper(db, "判断题卷", [{ questionId: q.id, score: 100 }]);
  const { course } = await createCourse(db, { name: "政府采购实务" });
  const exam = await createExam(db, { paperId: paper.id });
  const roleBuy = await createRole(db, "采购岗");
  const roleCheck = await createRole(db, "审核岗", roleBuy.id);
  const dept = await createGroup(db, "省财政厅");
  const office = await createGroup(db, "政府采购监管处", dept.id);
  const ningbo = await createGroup(db, "宁波市政府采购中心");
  const people: Record<string, number> = {};
  for (const nick of ["陈思远", "李文静", "王海涛", "赵敏"]) {
    const u = await createUser(db, { nick });
    people[nick] = u.id;
    const lc = await signedInClient(db, u.id);
    await lc.call((c) => c.exam.register({ examId: exam.id }));
    const { paperId } = await lc.call((c) => c.exam.start({ examId: exam.id }));
    await lc.call((c) => c.exam.submit({ paperId, answers: [{ questionId: q.id, answer: ["正确"] }] }));
  }
  const sun = await createUser(db, { nick: "孙悦" });
  people["孙悦"] = sun.id;
  await addMembership(db, people["陈思远"]!, { roleIds: [roleCheck.id], groupIds: [office.id] });
  await addMembership(db, people["李文静"]!, { roleIds: [roleBuy.id], groupIds: [dept.id] });
  await addMembership(db, people["王海涛"]!, { groupIds: [ningbo.id] });
  await addMembership(db, sun.id, { roleIds: [roleBuy.id] });
  await createIdentity(db, people["陈思远"]!, { orgName: "杭州市财政局" });
  await db.insert(userCourses).values([
    { userId: people["陈思远"]!, courseId: course.id, payStatus: 1 },
    { userId: people["李文静"]!, courseId: course.id, payStatus: 0, source: "admin" },
  ]);
  const admin = await createUser(db, { isAdmin: 1 });
  const ac = await signedInClient(db, admin.id);
  await ac.call((c) => c.exam.admin.exam.memberAdd({ examId: exam.id, userIds: [sun.id] }));
  return { exam, ac, admin, roleBuy, roleCheck, dept, office, ningbo, course, people };
}

type Setup = Awaited<ReturnType<typeof setup>>;
const names = async (s: Setup, filter: Record<string, unknown>, members = false) => {
  const input = { examId: s.exam.id, ...filter } as never;
  const r = members ? await s.ac.call((c) => c.exam.admin.exam.memberPage(input)) : await s.ac.call((c) => c.exam.admin.exam.resultPage(input));
  expect(r.total).toBe(r.list.length);
  return r.list.map((x) => x.name).sort();
};

describeEachDb("exam results: filters of back-office.md 3", (getDb) => {
  it("no filter lists everyone who submitted", async () => {
    const s = await setup(getDb());
    expect(await names(s, {})).toEqual(["李文静", "王海涛", "赵敏", "陈思远"].sort());
    // Each row links to the learner's latest attempt; registration alone has none.
    const page = await s.ac.call((c) => c.exam.admin.exam.memberPage({ examId: s.exam.id }));
    const byName = Object.fromEntries(page.list.map((r) => [r.name, r.lastPaperId]));
    expect(byName["陈思远"]).toEqual(expect.any(Number));
    expect(byName["孙悦"]).toBeNull();
  });

  it("roleId: members of the role or of any role under it", async () => {
    const s = await setup(getDb());
    expect(await names(s, { roleId: s.roleBuy.id })).toEqual(["李文静", "陈思远"].sort());
    expect(await names(s, { roleId: s.roleCheck.id })).toEqual(["陈思远"]);
    // The member list applies it too, including learners who only registered.
    expect(await names(s, { roleId: s.roleBuy.id }, true)).toEqual(["孙悦", "李文静", "陈思远"].sort());
  });

  it("groupId: members of the group or of any group under it", async () => {
    const s = await setup(getDb());
    expect(await names(s, { groupId: s.dept.id })).toEqual(["李文静", "陈思远"].sort());
    expect(await names(s, { groupId: s.office.id })).toEqual(["陈思远"]);
    expect(await names(s, { groupId: s.ningbo.id })).toEqual(["王海涛"]);
  });

  it("orgName: the identity's organisation or an organisation group's name", async () => {
    const s = await setup(getDb());
    expect(await names(s, { orgName: "杭州市财政局" })).toEqual(["陈思远"]);
    expect(await names(s, { orgName: "采购中心" })).toEqual(["王海涛"]);
    expect(await names(s, { orgName: "省财政厅" })).toEqual(["李文静"]);
    expect(await names(s, { orgName: "100%" })).toEqual([]);
  });

  it("relatedCourseId: learners who joined that course (paid or free)", async () => {
    const s = await setup(getDb());
    expect(await names(s, { relatedCourseId: s.course.id })).toEqual(["陈思远"]);
  });

  it("keyword and combined filters; the legacy path reads string parameters", async () => {
    const db = getDb();
    const s = await setup(db);
    expect(await names(s, { keyword: "文静" }, true)).toEqual(["李文静"]);
    expect(await names(s, { roleId: s.roleBuy.id, groupId: s.office.id })).toEqual(["陈思远"]);
    expect(await names(s, { roleId: s.roleCheck.id, relatedCourseId: s.course.id, orgName: "杭州" })).toEqual(["陈思远"]);
    const legacy = legacyClient(db);
    legacy.jar.cy_session = (await createSession(db, s.admin.id)).token;
    const r = await legacy.call("POST", "/api/elearning/exam/back/result/page", { json: { examId: String(s.exam.id), groupId: String(s.dept.id), orgName: "", pageNo: "1", pageSize: "10" } });
    expect(r.body).toMatchObject({ success: true, code: 200 });
    expect(r.body.data.list.map((x: { name: string }) => x.name).sort()).toEqual(["李文静", "陈思远"].sort());
  });
});
