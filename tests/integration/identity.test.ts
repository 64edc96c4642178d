import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { identityAttempts, userIdentities, users } from "@db/schema";
import { isValidIdNo } from "@base/id-card";
import { storagePath } from "@trpc-app/upload/file-ref";
import { createIdentity, makeIdNo, seedIdentityReference } from "../factories/identity";
import { storeUpload } from "../factories/upload";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { describeEachDb } from "../helpers/db";

const PHOTO = "/storage/file/1133/identity/20261122/1/abc_photo.png?exp=9999999999&sig=x";
/** A photo the learner uploaded: the only kind of file a learner may name. */
const uploadedPhoto = async (db: Db, userId: number, midPath = "identity") => storagePath(await storeUpload(db, userId, "photo.png", { midPath }));

async function learner(db: Db, loginName: string, mobile: string) {
  const user = await createUser(db, { loginName, mobile });
  return { user, client: await signedInClient(db, user.id) };
}

const identityRow = async (db: Db, userId: number) =>
  (await db.select().from(userIdentities).where(eq(userIdentities.userId, userId)))[0];
const userRow = async (db: Db, id: number) => (await db.select().from(users).where(eq(users.id, id)))[0]!;

const form = (idNo: string, extra: Record<string, unknown> = {}) => ({
  realName: "王晓雯",
  idType: 1,
  idNo,
  identityList: [1, 2],
  orgName: "杭州市西湖区财政局",
  areaCode: "330100",
  ...extra,
});

describeEachDb("identity: real-name rules", (getDb) => {
  it("checks the 18-digit check character, the birth date and the 15-digit format", async () => {
    const good = makeIdNo("110105", "19850101", 421);
    expect(isValidIdNo(good)).toBe(true);
    const wrongCheck = good.slice(0, 17) + (good[17] === "0" ? "1" : "0");
    expect(isValidIdNo(wrongCheck)).toBe(false);
    expect(isValidIdNo("11010519850230421" + "X")).toBe(false); // 30 February
    expect(isValidIdNo("110105850101421")).toBe(true); // 15 digits
    expect(isValidIdNo("110105851301421")).toBe(false); // month 13
    expect(isValidIdNo("11010585010142")).toBe(false);
    expect(isValidIdNo("51010719930121426x".slice(0, 17) + "x")).toBe(isValidIdNo(("51010719930121426x".slice(0, 17) + "X")));

    const db = getDb();
    await seedIdentityReference(db);
    const { user, client } = await learner(db, "id_checker", "13900001111");
    const refused = await rejection(client.call((c) => c.identity.submitForm(form(wrongCheck))));
    expect(refused.message).toBe("请输入正确的证件号码");
    expect(await identityRow(db, user.id)).toBeUndefined();
    const noTypes = await rejection(client.call((c) => c.identity.submitForm(form(good, { identityList: [] }))));
    expect(noTypes.message).toBe("请选择身份类型");
    const longName = await rejection(client.call((c) => c.identity.submitForm(form(good, { realName: "王".repeat(31) }))));
    expect(longName.message).toBe("最多30个字符");
    const longOrg = await rejection(client.call((c) => c.identity.submitForm(form(good, { orgName: "局".repeat(51) }))));
    expect(longOrg.message).toBe("最多50个字符");
    const passport = await rejection(client.call((c) => c.identity.submitForm(form(good, { idType: 2 }))));
    expect(passport.message).toBe("证件类型仅支持居民身份证");

    // The 15-digit format is accepted and stored.
    await client.call((c) => c.identity.submitForm(form("110105850101421")));
    expect((await identityRow(db, user.id))?.idNo).toBe("110105850101421");
  });

  it("confirms the identity once, marks the user complete and masks the number", async () => {
    const db = getDb();
    await seedIdentityReference(db);
    const { user, client } = await learner(db, "id_owner", "13900002222");
    expect((await client.call((c) => c.identity.checkNeedAuth({}))).isNeedAuth).toBe(1);
    expect((await client.call((c) => c.auth.getUser())).isComplete).toBe(false);

    const idNo = makeIdNo("330106", "19900305", 218);
    const record = await client.call((c) => c.identity.submitForm(form(idNo.toLowerCase())));
    expect(record.isAuth).toBe(1);
    expect(record.idNo).toBe(`${idNo.slice(0, 4)}**********${idNo.slice(-4)}`);
    expect(record.cardNo).toBe(idNo);
    expect(record.identityNames).toEqual(["采购人", "采购代理机构"]);
    expect(record.areaName).toBe("浙江省 杭州市");
    const row = (await identityRow(db, user.id))!;
    expect(row).toMatchObject({ status: 1, realName: "王晓雯", idNo, idType: 1, source: 1, orgName: "杭州市西湖区财政局" });
    expect(row.authenticationTime).toBeInstanceOf(Date);
    expect((await userRow(db, user.id)).identitySource).toBe(1);
    expect((await client.call((c) => c.auth.getUser())).isComplete).toBe(true);
    expect((await client.call((c) => c.identity.checkNeedAuth({}))).isNeedAuth).toBe(0);

    // Repeating the same confirmation is harmless; changing it is refused and stores nothing.
    await client.call((c) => c.identity.submitForm(form(idNo)));
    const change = await rejection(client.call((c) => c.identity.submitForm(form(idNo, { realName: "王小雯" }))));
    expect(change.message).toBe("您已完成实名认证，认证信息不可修改");
    expect((await identityRow(db, user.id))!.realName).toBe("王晓雯");
    expect((await client.call((c) => c.identity.checkUserAuthTimes())).usedTimes).toBe(1);
  });

  it("lists the accounts occupying a number and refuses it to anyone else", async () => {
    const db = getDb();
    await seedIdentityReference(db);
    const holder = await createUser(db, { loginName: "id_holder", mobile: "13712345678" });
    const idNo = makeIdNo("440106", "19880703", 145);
    await createIdentity(db, holder.id, { idNo, realName: "黄丽" });
    const { user, client } = await learner(db, "id_second", "13900003333");

    const list = await client.call((c) => c.identity.checkIdCard({ idNo }));
    expect(list).toEqual([{ userId: holder.id, mobile: "137****5678" }]);
    expect(await client.call((c) => c.identity.checkIdCard({ idNo: makeIdNo("440106", "19880703", 146) }))).toEqual([]);

    const refused = await rejection(client.call((c) => c.identity.submitForm(form(idNo, { realName: "黄丽" }))));
    expect(refused.message).toBe("该证件号码已被尾号5678的手机号账号认证");
    expect(await identityRow(db, user.id)).toBeUndefined();
    expect((await userRow(db, user.id)).identitySource).toBe(0);
    const attempts = await db.select().from(identityAttempts).where(eq(identityAttempts.userId, user.id));
    // The check that named the holder counted too (once), then the refused confirmation.
    expect(attempts).toMatchObject([
      { success: 0, reason: "check-occupied" },
      { success: 0, reason: "occupied" },
    ]);
    // The holder checking its own number sees no other account.
    const holderClient = await signedInClient(db, holder.id);
    expect(await holderClient.call((c) => c.identity.checkIdCard({ idNo }))).toEqual([]);
  });

  it("two accounts confirming one number at once: one holds it, the other is told and charged", async () => {
    const db = getDb();
    await seedIdentityReference(db);
    const idNo = makeIdNo("440106", "19880703", 147);
    const first = await learner(db, "id_race_a", "13900005551");
    const second = await learner(db, "id_race_b", "13900005552");
    const answers = await Promise.allSettled([first, second].map((l) => l.client.call((c) => c.identity.submitForm(form(idNo)))));
    expect(answers.filter((a) => a.status === "fulfilled")).toHaveLength(1);
    const lost = answers.findIndex((a) => a.status === "rejected");
    expect((answers[lost] as PromiseRejectedResult).reason.message).toMatch(/^该证件号码已被尾号555[12]的手机号账号认证$/);
    const loser = [first, second][lost]!.user;
    expect(await identityRow(db, loser.id)).toBeUndefined();
    expect(await db.select().from(identityAttempts).where(eq(identityAttempts.userId, loser.id))).toMatchObject([{ success: 0, reason: "occupied" }]);
  });

  it("stops after five attempts a day", async () => {
    const db = getDb();
    await seedIdentityReference(db);
    const holder = await createUser(db, { loginName: "id_holder2", mobile: "13712340000" });
    const idNo = makeIdNo("430104", "19790418", 537);
    await createIdentity(db, holder.id, { idNo });
    const { client } = await learner(db, "id_retry", "13900004444");
    for (let i = 0; i < 5; i++) await rejection(client.call((c) => c.identity.submitForm(form(idNo))));
    expect(await client.call((c) => c.identity.checkUserAuthTimes())).toEqual({ maxTimes: 5, usedTimes: 5, remainTimes: 0 });
    const sixth = await rejection(client.call((c) => c.identity.submitForm(form(makeIdNo("430104", "19790418", 538)))));
    expect(sixth.message).toBe("今日实名认证次数已用完，请明天再试");
  });

  it("takes the photo once, only after confirmation", async () => {
    const db = getDb();
    await seedIdentityReference(db);
    const { user, client } = await learner(db, "id_photo", "13900005555");
    const early = await rejection(client.call((c) => c.identity.completePassportPhoto({ passportPhotoUrl: PHOTO })));
    expect(early.message).toBe("请先完成实名认证");
    await client.call((c) => c.identity.submitForm(form(makeIdNo("510107", "19930121", 426))));

    const photo = await uploadedPhoto(db, user.id);
    const record = await client.call((c) => c.identity.completePassportPhoto({ passportPhotoUrl: photo }));
    // Shown on a short signed link; stored as the plain path.
    expect(record.passportPhotoUrl.startsWith(`${photo}?exp=`)).toBe(true);
    const again = await rejection(
      client.call((c) => c.identity.completePassportPhoto({ passportPhotoUrl: PHOTO.replace("abc_photo", "other") })),
    );
    expect(again.message).toBe("证件照已上传，不可修改");
    expect((await identityRow(db, user.id))!.passportPhotoUrl).toBe(photo);
    const script = await rejection(client.call((c) => c.identity.completePassportPhoto({ passportPhotoUrl: "javascript:alert(1)" })));
    expect(script.message).toBe("证件照无效，请重新上传");
  });

  it("never lets a learner read or change another user's identity", async () => {
    const db = getDb();
    await seedIdentityReference(db);
    const other = await createUser(db, { loginName: "id_other", mobile: "13600001234" });
    await createIdentity(db, other.id, { realName: "陈静", idNo: makeIdNo("330102", "19910227", 368), identityList: [2], orgName: "浙江公信招标代理有限公司" });
    const { user, client } = await learner(db, "id_curious", "13900006666");

    const read = await rejection(client.call((c) => c.identity.getInfo({ userId: other.id })));
    expect(read.legacyCode).toBe("403");
    expect(read.message).toBe("无权查看其他用户的实名信息");
    // Extra userId fields are ignored: the call changes the caller's own row only.
    await client.call((c) => c.identity.updateIdentity({ identityList: [3], userId: other.id } as never));
    await client.call((c) => c.identity.updateOrgName({ orgName: "冒名单位", userId: other.id } as never));
    await rejection(client.call((c) => c.identity.completePassportPhoto({ passportPhotoUrl: PHOTO, userId: other.id } as never)));
    const otherRow = (await identityRow(db, other.id))!;
    expect(otherRow).toMatchObject({ identityList: [2], orgName: "浙江公信招标代理有限公司", passportPhotoUrl: null });
    expect((await identityRow(db, user.id))!).toMatchObject({ status: 0, identityList: [3], orgName: "冒名单位" });

    const own = await client.call((c) => c.identity.getInfo({}));
    expect(own).toMatchObject({ userId: user.id, isAuth: 0, cardNo: "", identityList: [3] });
    const admin = await createUser(db, { loginName: "id_admin", mobile: "13500000001", isAdmin: 1 });
    const adminClient = await signedInClient(db, admin.id);
    expect(await adminClient.call((c) => c.identity.getInfo({ userId: other.id }))).toMatchObject({ realName: "陈静", isAuth: 1 });
  });

  it("saves supplementary info, searches organisations and edits the profile", async () => {
    const db = getDb();
    await seedIdentityReference(db);
    for (const [i, org] of ["杭州市财政局", "杭州市西湖区财政局", "宁波市政府采购中心"].entries()) {
      const u = await createUser(db, { loginName: `org_${i}`, mobile: `1360000100${i}` });
      await createIdentity(db, u.id, { idNo: makeIdNo("330106", "19900305", 300 + i), orgName: org });
    }
    const { user, client } = await learner(db, "id_supp", "13900007777");
    expect(await client.call((c) => c.identity.isSupplement())).toBe(false);
    const bad = await rejection(client.call((c) => c.identity.supplement({ identityList: [9], areaCode: "330100" })));
    expect(bad.message).toBe("身份类型不正确");
    const badArea = await rejection(client.call((c) => c.identity.supplement({ identityList: [3], areaCode: "999900" })));
    expect(badArea.message).toBe("所属地区不正确");
    await client.call((c) => c.identity.supplement({ identityList: [3], orgName: "杭州数智科技有限公司", areaCode: "330100" }));
    expect(await client.call((c) => c.identity.isSupplement())).toBe(true);
    expect(await client.call((c) => c.identity.identityAndOrg())).toMatchObject({ identityNames: ["供应商"], areaName: "浙江省 杭州市" });

    const found = await client.call((c) => c.identity.orgSearch({ orgName: "杭州", pageNo: 1, pageSize: 2 }));
    expect(found.total).toBe(3);
    expect(found.list).toHaveLength(2);
    const page2 = await client.call((c) => c.identity.orgSearch({ orgName: "杭州", pageNo: 2, pageSize: 2 }));
    expect(page2.list).toHaveLength(1);
    expect((await client.call((c) => c.identity.orgSearch({ orgName: "100%", pageNo: 1, pageSize: 10 }))).total).toBe(0);

    await client.call((c) => c.identity.updateNick({ nick: "采购小王" }));
    const avatar = await uploadedPhoto(db, user.id, "");
    const { headPic } = await client.call((c) => c.identity.updateHeadPic({ headPic: avatar }));
    expect(headPic.startsWith(`${avatar}?exp=`)).toBe(true);
    expect(await userRow(db, user.id)).toMatchObject({ nick: "采购小王", headPic });
    const badNick = await rejection(client.call((c) => c.identity.updateNick({ nick: "<b>x</b>" })));
    expect(badNick.message).toBe("昵称仅限中文、字母及数字，1-16个字符");
    const centre = await client.call((c) => c.identity.personalCenter());
    expect(centre).toMatchObject({ nick: "采购小王", isAuth: 0, isComplete: false, orgName: "杭州数智科技有限公司" });
  });
});
