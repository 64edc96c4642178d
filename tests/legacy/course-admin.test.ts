import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { createSession } from "@trpc-app/auth/session";
import { createCourse } from "../factories/course";
import { createUser } from "../factories/user";
import { describeEachDb } from "../helpers/db";
import { legacyClient } from "../helpers/legacy";

const E = "/api/elearning";
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

async function adminClient(db: Db) {
  const admin = await createUser(db, { isAdmin: 1 });
  const client = legacyClient(db);
  client.jar.cy_session = (await createSession(db, admin.id)).token;
  return client;
}
const ok = (res: { body: any }) => {
  expect(res.body).toMatchObject({ code: 200, success: true });
  return res.body.data;
};

describeEachDb("legacy back-office course and material calls", (getDb) => {
  it("back/course and back/user/course calls answer the envelope, exports answer a workbook", async () => {
    const db = getDb();
    const a = await adminClient(db);
    const { course } = await createCourse(db, { name: "政府采购内控制度建设" });
    const learner = await createUser(db);
    expect(ok(await a.post(`${E}/back/course/page`, { pageNo: 1, pageSize: 10 }))).toMatchObject({ total: 1, list: [{ id: course.id, statusText: "已发布" }] });
    expect(ok(await a.post(`${E}/back/course/getOne`, { id: course.id }))).toMatchObject({ name: "政府采购内控制度建设", openRange: [] });
    expect(ok(await a.post(`${E}/back/course/getCourseChapter`, { id: course.id }))).toHaveLength(1);
    expect(ok(await a.post(`${E}/back/course/courseCount`, {}))).toMatchObject({ total: 1, released: 1 });
    const saved = ok(await a.post(`${E}/neixun/back/course/saveBase`, { name: "政府采购档案管理规范", price: 4900, isFree: 0 }));
    ok(await a.post(`${E}/back/course/saveDetail`, { id: saved.id, description: "<p>档案</p>" }));
    expect(ok(await a.post(`${E}/back/course/saveOpen`, { id: saved.id, roleIds: [3], areaCodes: "330000" }))).toMatchObject({ openRange: [{ kind: "role", target: "3" }, { kind: "region", target: "330000" }] });
    expect(ok(await a.post(`${E}/back/course/getOpenRange`, { id: saved.id }))).toHaveLength(2);
    expect(ok(await a.post(`${E}/back/course/checkIsExam`, { id: saved.id }))).toMatchObject({ isExam: 0 });
    for (const p of ["findAllTags", "findAllRoles", "findAllGroups"]) expect(Array.isArray(ok(await a.post(`${E}/back/course/${p}`, {})))).toBe(true);
    const copy = ok(await a.post(`${E}/back/course/copy`, { id: course.id }));
    ok(await a.post(`${E}/back/course/moveTo`, { ids: [copy.id], sort: 5 }));
    ok(await a.post(`${E}/back/course/del`, { id: copy.id }));
    expect((await a.post(`${E}/back/course/release`, { id: saved.id })).body).toMatchObject({ success: false, message: "课程「政府采购档案管理规范」还没有封面，不能发布" });
    ok(await a.post(`${E}/back/course/saveCoursewareInfo`, { id: course.id, chapters: [] }));
    const exported = await a.post(`${E}/back/course/exportCourseList`, {});
    expect(exported.headers.get("content-type")).toBe(XLSX);

    expect(ok(await a.post(`${E}/back/user/course/add`, { courseId: course.id, userIds: [learner.id] }))).toMatchObject({ added: 1 });
    expect(ok(await a.post(`${E}/back/user/course/page`, { courseId: course.id }))).toMatchObject({ total: 1, list: [{ userId: learner.id, progress: 0 }] });
    expect(ok(await a.post(`${E}/back/user/course/finishPay`, { courseId: course.id, userId: learner.id }))).toMatchObject({ updated: 1 });
    expect(ok(await a.post(`${E}/back/user/course/courseResult`, { courseId: course.id }))).toMatchObject({ joinedNum: 1 });
    expect((await a.post(`${E}/back/user/course/exportCourseResult`, { courseId: course.id })).headers.get("content-type")).toBe(XLSX);
    expect((await a.post(`${E}/back/user/course/exportUserResult`, { userId: learner.id })).headers.get("content-type")).toBe(XLSX);
    expect(ok(await a.post(`${E}/back/user/course/del`, { courseId: course.id, userIds: [learner.id] }))).toMatchObject({ removed: 1 });
  });

  it("material library calls: folders, PUT update, DELETE by id, batch calls and export", async () => {
    const db = getDb();
    const a = await adminClient(db);
    const folder = ok(await a.post(`${E}/materialLibFolder/create`, { name: "政策解读" }));
    const sub = ok(await a.post(`${E}/materialLibFolder/create`, { name: "2026", parentId: folder.id }));
    ok(await a.post(`${E}/materialLibFolder/update`, { id: sub.id, name: "2026年" }));
    ok(await a.post(`${E}/materialLibFolder/setting`, { id: sub.id, setting: { defaultType: 1 } }));
    expect(ok(await a.post(`${E}/materialLibFolder/queryTree`, {}))).toMatchObject([{ name: "政策解读", children: [{ name: "2026年", setting: { defaultType: 1 } }] }]);
    ok(await a.post(`${E}/materialLibFolder/updateMove`, { id: sub.id, parentId: 0 }));
    // Photos and videos have a folder tree of their own (kind 2); a file goes only into its library's folders.
    const pictures = ok(await a.post(`${E}/materialLibFolder/create`, { name: "封面图片", kind: 2 }));
    const picturesSub = ok(await a.post(`${E}/materialLibFolder/create`, { name: "2026", parentId: pictures.id }));
    const wrong = await a.post(`${E}/photoAndVideo/add`, { name: "封面.png", url: "/storage/file/x/a.png", materialLibFolderId: folder.id });
    expect(wrong.body).toMatchObject({ success: false, message: "所选文件夹不属于图片视频，请重新选择" });
    for (const [prefix, name, home, moved] of [["courseAndData", "采购需求讲解.mp4", folder, sub], ["photoAndVideo", "封面.png", pictures, picturesSub]] as const) {
      const item = ok(await a.post(`${E}/${prefix}/add`, { name, url: `/storage/file/x/${name}`, fileName: name, duration: 125, materialLibFolderId: home.id }));
      expect(item).toMatchObject({ name, materialLibFolderId: home.id });
      const updated = ok(await a.call("PUT", `${E}/${prefix}/update`, { json: { id: item.id, name: `${name}（新）`, materialLibFolderId: moved.id } }));
      expect(updated).toMatchObject({ folderId: moved.id });
      expect(ok(await a.post(`${E}/${prefix}/pageList`, { materialLibFolderId: moved.id }))).toMatchObject({ total: 1 });
      expect(ok(await a.post(`${E}/${prefix}/coursewareTypeList`, {})).length).toBe(2);
      ok(await a.post(`${E}/${prefix}/batchUpdate`, { ids: [item.id], status: 0 }));
      expect((await a.post(`${E}/${prefix}/exportCoursewareList`, {})).headers.get("content-type")).toBe(XLSX);
      const second = ok(await a.post(`${E}/${prefix}/add`, { name: "讲义", url: "/storage/file/x/a.pdf" }));
      ok(await a.post(`${E}/${prefix}/deleteBatch`, { ids: [second.id] }));
      ok(await a.call("DELETE", `${E}/${prefix}/${item.id}`));
      expect(ok(await a.post(`${E}/${prefix}/pageList`, {}))).toMatchObject({ total: 0 });
    }
    expect((await a.post(`${E}/materialLibFolder/delete`, { id: folder.id })).body).toMatchObject({ success: true });
  });
});
