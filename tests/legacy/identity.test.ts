import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { createSession } from "@trpc-app/auth/session";
import { storagePath } from "@trpc-app/upload/file-ref";
import { createIdentity, makeIdNo, seedIdentityReference } from "../factories/identity";
import { storeUpload } from "../factories/upload";
import { createUser } from "../factories/user";
import { describeEachDb } from "../helpers/db";
import { legacyClient } from "../helpers/legacy";

const A = "/api/elearning/caiyun/front/user/auth";
const U = "/api/elearning/caiyun/front/user";

async function oldClient(db: Db, loginName: string, mobile: string) {
  const user = await createUser(db, { loginName, mobile });
  const client = legacyClient(db);
  client.jar.cy_session = (await createSession(db, user.id)).token;
  return { user, client };
}

describeEachDb("legacy identity, profile and oss calls", (getDb) => {
  it("answers the auth calls in the envelope with the spec's field names", async () => {
    const db = getDb();
    await seedIdentityReference(db);
    const { user, client } = await oldClient(db, "legacy_id", "13800138000");

    const categories = await client.get(`${A}/getIdentityCategoryList`);
    expect(categories.body).toMatchObject({ code: 200, success: true });
    expect(categories.body.data[0]).toEqual({ identityCategoryCode: 1, identityCategoryName: "采购人" });
    const areas = await client.get(`${A}/getAreaList`);
    expect(areas.body.data).toHaveLength(34);
    expect(areas.body.data.find((a: { areaCode: string }) => a.areaCode === "330000")).toMatchObject({
      areaName: "浙江省",
      children: expect.arrayContaining([{ areaCode: "330100", areaName: "杭州市" }]),
    });
    const cities = await client.get(`${A}/getAreaList`, { parentCode: "440000" });
    expect(cities.body.data[0]).toEqual({ areaCode: "440100", areaName: "广州市" });

    expect((await client.post(`${A}/checkNeedAuth`, {})).body.data).toEqual({ isNeedAuth: 1, isAuth: 0, isRequired: 1 });
    expect((await client.post(`${A}/checkNeedAuth`, { checkBusinessId: 12, checkBusinessType: 1 })).body).toMatchObject({ success: false, message: "课程不存在或已下架" });
    expect((await client.get(`${A}/checkUserAuthTimes`)).body.data).toEqual({ maxTimes: 5, usedTimes: 0, remainTimes: 5 });

    const idNo = makeIdNo("330106", "19900305", 218);
    expect((await client.post(`${A}/checkIdCard`, { idNo })).body).toMatchObject({ code: 200, data: [] });
    const bad = await client.post(`${A}/complete`, { realName: "王晓雯", idType: 1, idNo: "330106199003052180" });
    expect(bad.body).toMatchObject({ success: false, message: "请输入正确的证件号码" });
    // Old clients send the photo with the identity and no identity types.
    const uploaded = storagePath(await storeUpload(db, user.id, "a_photo.png", { midPath: "identity" }));
    const done = await client.post(`${A}/complete`, {
      realName: "王晓雯",
      idType: "1",
      idNo,
      passportPhotoUrl: `${uploaded}?exp=1&sig=x`,
    });
    expect(done.body).toMatchObject({ code: 200, success: true });

    const info = await client.get(`${A}/getInfo`, { userId: user.id });
    expect(info.body.data).toMatchObject({
      passportPhotoUrl: expect.stringMatching(new RegExp(`^${uploaded.replace(/[.?]/g, "\\$&")}\\?exp=\\d+&sig=`)),
      realName: "王晓雯",
      idType: 1,
      idNo: `${idNo.slice(0, 4)}**********${idNo.slice(-4)}`,
      cardNo: idNo,
      identityList: [],
      orgName: "",
      areaCode: "",
      loginName: "legacy_id",
    });
    expect(typeof info.body.data.authenticationTime).toBe("number");
    expect(typeof info.body.data.modifiedTime).toBe("number");

    expect((await client.post(`${A}/updateIdentity`, { identityList: [2, 3] })).body.data.identityList).toEqual([2, 3]);
    expect((await client.post(`${A}/updateOrgName`, { orgName: "浙江公信招标代理有限公司" })).body.data.orgName).toBe("浙江公信招标代理有限公司");
    expect((await client.post(`${A}/updateAreaCode`, { areaCode: "330100" })).body.data.areaCode).toBe("330100");
    const photo = await client.post(`${A}/completePassportPhoto`, { passportPhotoUrl: "/storage/file/1133/x/b.png" });
    expect(photo.body).toMatchObject({ success: false, message: "证件照已上传，不可修改" });
    expect((await client.post(`${A}/checkNeedAuth`, {})).body.data.isNeedAuth).toBe(0);
  });

  it("lists occupiers and refuses visitors with 281", async () => {
    const db = getDb();
    await seedIdentityReference(db);
    const holder = await createUser(db, { loginName: "legacy_holder", mobile: "13955556666" });
    const idNo = makeIdNo("320102", "19870612", 311);
    await createIdentity(db, holder.id, { idNo });
    const { client } = await oldClient(db, "legacy_other", "13800138001");
    const occupied = await client.post(`${A}/checkIdCard`, { idNo });
    expect(occupied.body.data).toEqual([{ mobile: "139****6666", userId: holder.id }]);
    const other = await client.get(`${A}/getInfo`, { userId: holder.id });
    expect(other.body).toMatchObject({ success: false, code: 403 });

    const visitor = legacyClient(db);
    const res = await visitor.get(`${A}/getInfo`);
    expect(String(res.body.code)).toBe("281");
  });

  it("serves supplement, org search, head picture, nickname and the personal centre", async () => {
    const db = getDb();
    await seedIdentityReference(db);
    const { user, client } = await oldClient(db, "legacy_prof", "13800138002");
    expect((await client.get(`${U}/isSupplement`)).body).toMatchObject({ code: 200, data: false });
    const supp = await client.post(`${U}/supplement`, { identityList: [1], orgName: "成都市政府采购中心", areaCode: "510100" });
    expect(supp.body.data).toMatchObject({ identityList: [1], orgName: "成都市政府采购中心", areaCode: "510100" });
    expect((await client.get(`${U}/isSupplement`)).body.data).toBe(true);
    expect((await client.get(`${U}/getUserIdentityAndOrgInfo`)).body.data).toMatchObject({ areaName: "四川省 成都市" });
    expect((await client.post(`${U}/updateOrgInfo`, { orgName: "成都市财政局" })).body.data.orgName).toBe("成都市财政局");
    expect((await client.post(`${U}/updateIdentity`, { identityList: "1,5" })).body.data.identityList).toEqual([1, 5]);
    const orgs = await client.get(`${U}/orgSearch`, { orgName: "成都", pageNo: 1, pageSize: 10 });
    expect(orgs.body.data).toEqual({ list: [{ orgName: "成都市财政局" }], total: 1, pageNo: 1, pageSize: 10 });
    // Only a picture of this site's storage that the learner uploaded: never an outside address.
    expect((await client.post(`${U}/updateHeadPic`, { headPic: "https://img.example.cn/a.png" })).body).toMatchObject({ success: false, message: "头像无效，请重新上传" });
    const avatar = await client.post(`${U}/updateHeadPic`, { headPic: storagePath(await storeUpload(db, user.id, "a.png")) });
    expect(avatar.body.success).toBe(true);
    expect((await client.post(`${U}/updateOther`, { nick: "成都小李" })).body.success).toBe(true);
    for (const path of ["getPersonalCenterData", "getPersonalCenterDataV2"]) {
      const centre = await client.post(`${U}/${path}`, {});
      expect(centre.body.data).toMatchObject({ nick: "成都小李", headPic: avatar.body.data.headPic, isLogin: 1, isComplete: false, isAuth: 0 });
    }
  });

  it("answers the upload policy and the file URL with the spec's field names", async () => {
    const db = getDb();
    const { client } = await oldClient(db, "legacy_oss", "13800138003");
    const token = await client.get("/api/elearning/oss/getUploadToken", {
      bizCode: "1133",
      fileName: "培训 通知.pdf",
      midPath: "notice",
      attachment: "true",
      timestamp: Date.now(),
      fileNum: 1,
    });
    expect(token.body).toMatchObject({ code: 200, success: true });
    expect(Object.keys(token.body.data)).toEqual(expect.arrayContaining(["host", "policy", "dir", "accessId", "signature", "data"]));
    expect(token.body.data.data[0]).toMatch(/^1133\/notice\/\d{8}\/\d+\/[0-9a-f]{32}_培训通知\.pdf$/);
    const url = await client.get("/api/elearning/oss/getDownLoadUrl", { bizCode: "1133", fileId: token.body.data.data[0], timestamp: Date.now() });
    expect(url.body.data).toMatch(/^\/storage\/file\/1133\/notice\/.+\?exp=\d+&sig=/);
  });
});
