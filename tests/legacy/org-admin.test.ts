import ExcelJS from "exceljs";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { orgGroups, users } from "@db/schema";
import { createSession } from "@trpc-app/auth/session";
import { createGroup } from "../factories/org";
import { createUser } from "../factories/user";
import { describeEachDb } from "../helpers/db";
import { legacyClient } from "../helpers/legacy";
import { orgLegacy } from "@trpc-app/org/legacy";

const E = "/api/elearning";

async function adminClient(db: Db) {
  const admin = await createUser(db, { loginName: "legacy_org_admin", isAdmin: 1 });
  const client = legacyClient(db);
  client.jar.cy_session = (await createSession(db, admin.id)).token;
  return client;
}

describeEachDb("legacy org calls", (getDb) => {
  it("refuses visitors (281) and learners (403) on every back-office row", async () => {
    const db = getDb();
    const learner = await createUser(db, { loginName: "plain_learner" });
    const asLearner = legacyClient(db);
    asLearner.jar.cy_session = (await createSession(db, learner.id)).token;
    const visitor = legacyClient(db);
    // The learner rows (organisation search and choice, whitelist status, divisions, channel visits) are not the back office's.
    const backOffice = orgLegacy.filter((row) => !row.path.includes("/caiyun/front/"));
    for (const row of backOffice) {
      const path = row.path.replace("{id}", "1");
      const v = await visitor.call(row.method, path, row.method === "GET" ? { query: { id: 1 } } : { json: { id: 1 } });
      expect([row.path, v.body?.code]).toEqual([row.path, 281]);
      const l = await asLearner.call(row.method, path, row.method === "GET" ? { query: { id: 1 } } : { json: { id: 1 } });
      expect([row.path, l.body?.code, l.body?.message]).toEqual([row.path, 403, "您没有权限访问管理后台"]);
    }
    expect(backOffice.length).toBe(73);
  });

  it("pages users and answers group tree calls in the envelope", async () => {
    const db = getDb();
    const client = await adminClient(db);
    const page = await client.post(`${E}/back/user/page`, { page: 1, element: 10 });
    expect(page.body).toMatchObject({ code: 200, success: true, data: { total: 1, pageNo: 1, pageSize: 10 } });

    const top = await client.post(`${E}/back/common/group/add`, { name: "浙江省财政厅" });
    expect(top.body).toMatchObject({ code: 200, success: true, data: { name: "浙江省财政厅", parentId: null, position: 0 } });
    const child = await client.post(`${E}/back/common/group/add`, { name: "杭州市财政局", parentId: String(top.body.data.id) }, {});
    expect(child.body.data.parentId).toBe(top.body.data.id);
    const form = await client.call("POST", `${E}/back/common/group/add`, { form: { name: "宁波市财政局", parentId: String(top.body.data.id), position: "0" } });
    expect(form.body.data.position).toBe(0);

    const tree = await client.post(`${E}/back/common/group/tree`, {});
    expect(tree.body).toMatchObject({ code: 200, success: true });
    expect(tree.body.data[0].children.map((n: { name: string }) => n.name)).toEqual(["宁波市财政局", "杭州市财政局"]);
    const sub = await client.get(`${E}/back/common/group/getTree`, { id: top.body.data.id });
    expect(sub.body.data[0].name).toBe("浙江省财政厅");
    const list = await client.post(`${E}/back/common/group/list`, {});
    expect(list.body.data).toHaveLength(3);

    const cycle = await client.post(`${E}/back/common/group/move`, { id: top.body.data.id, parentId: child.body.data.id });
    expect(cycle.body).toMatchObject({ success: false, message: "不能把组织移动到它自己或它的下级之下" });
    const del = await client.post(`${E}/back/common/group/del`, { id: top.body.data.id });
    expect(del.body).toMatchObject({ success: false, message: "该组织下还有2个下级组织，请先删除或移走下级后再删除" });
    const init = await client.post(`${E}/back/common/group/initZCY`, {});
    expect(init.body).toMatchObject({ code: 200, success: true });
    expect(init.body.data.created).toBeGreaterThan(0);
    expect((await client.post(`${E}/back/common/role/init`, {})).body.success).toBe(true);

    const badId = await client.get(`${E}/back/common/role/getTree`, { id: "abc" });
    expect(badId.body).toMatchObject({ success: false, message: "ID格式不正确" });
    expect((await legacyClient(db).post(`${E}/back/common/group/tree`, {})).body.code).toBe(281);
  });

  it("imports users from a multipart form and downloads the error rows", async () => {
    const db = getDb();
    const client = await adminClient(db);
    await createGroup(db, "西湖区财政局");
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("Sheet1");
    ws.addRow(["登录名", "昵称", "手机号", "初始密码", "组织", "角色"]);
    ws.addRow(["feng_cg", "冯采购", "13788880001", "Caiyun@2026f", "西湖区财政局", ""]);
    ws.addRow(["chu_cg", "褚采购", "1378888", "Caiyun@2026g", "", ""]);
    const file = new File([await wb.xlsx.writeBuffer()], "users.xlsx");
    const res = await client.call("POST", `${E}/back/user/importUserInfoExcel`, { multipart: { file } });
    expect(res.body).toMatchObject({ code: 200, success: true, data: { status: "done", total: 2, succeeded: 1, failed: 1 } });
    const feng = (await db.select().from(users).where(eq(users.loginName, "feng_cg")))[0]!;
    expect(feng.registerSource).toBe("import");
    expect(await db.select().from(orgGroups)).toHaveLength(1);

    const dl = await client.get(`${E}/back/user/downloadErrorUserInfo`, { id: res.body.data.jobId });
    expect(dl.status).toBe(200);
    expect(dl.headers.get("content-type")).toContain("spreadsheetml");
    const raw = await client.call("GET", `${E}/back/user/downloadErrorUserInfo`, { query: { id: res.body.data.jobId } });
    expect(raw.headers.get("content-disposition")).toContain("attachment");

    const noFile = await client.call("POST", `${E}/back/user/importUserInfoExcel`, { multipart: { name: "x" } });
    expect(noFile.body).toMatchObject({ success: false, message: "请选择要导入的 Excel 文件" });
    const tags = await client.post(`${E}/tag/create`, { name: "评审专家库" });
    expect(tags.body.data).toMatchObject({ tagName: "评审专家库", useCount: 0 });
    const listed = await client.get(`${E}/tag/queryTagList`, {});
    expect(listed.body.data.list).toHaveLength(1);
    expect((await client.get(`${E}/tag/queryCurrentTagIfUse`, { id: tags.body.data.id })).body.data).toMatchObject({ inUse: false });
  });
});
