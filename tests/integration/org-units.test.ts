import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { channels, channelSignups, channelVisits, examFraudChecks, organizations, userIdentities, whitelistEntries } from "@db/schema";
import { CHANNEL_CODE_TAKEN, CODE_LOCKED, VISITOR_COOKIE } from "@trpc-app/org/channel.service";
import { districtTree, resolveRegion } from "@trpc-app/org/district.service";
import { creditCheckChar, isCreditCode } from "@trpc-app/org/units-schemas";
import { CREDIT_CODE_TAKEN, linkedRefusal, ORG_NAME_TAKEN } from "@trpc-app/org/units.service";
import { createCourse } from "../factories/course";
import { createExam, createFixedPaper, createQuestion } from "../factories/exam";
import { createLive } from "../factories/live";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { testClient } from "../helpers/caller";
import { describeEachDb } from "../helpers/db";
import { latestCode } from "../helpers/outbox";

type Client = Awaited<ReturnType<typeof signedInClient>>;
const DAY = 86_400_000;

/** A code with its check character, from a 17-character body. */
const credit = (body: string) => body + creditCheckChar(body);
const GD_CENTRE = credit("12440000MB2C9201X");

async function admin(db: Db) {
  const user = await createUser(db, { isAdmin: 1, nick: "李建国" });
  return signedInClient(db, user.id);
}
async function learner(db: Db, nick = "王晓雯", mobile?: string) {
  const user = await createUser(db, { nick, ...(mobile ? { mobile } : {}) });
  return { user, client: await signedInClient(db, user.id) };
}
const gdCentre = { name: "广东省政府采购中心", creditCode: GD_CENTRE, provinceCode: "440000", contactName: "陈主任", contactPhone: "020-83133000" };
const szFinance = { name: "深圳市财政局", provinceCode: "440000", cityCode: "440300", districtCode: "440304", source: 2 };
const hnCentre = { name: "湖南省公共资源交易中心", provinceCode: "430000", cityCode: "430100", source: 3 };

async function examOf(db: Db, settings: { isFaceVerify?: 0 | 1; isOpenSoftMonitor?: 0 | 1 }) {
  const q = await createQuestion(db, { questionType: 1, content: "政府采购的主要采购方式是？", options: ["公开招标", "询价"], answer: ["A"] });
  const paper = await createFixedPaper(db, "白名单测试卷", [{ questionId: q.id, score: 100 }]);
  const exam = await createExam(db, { name: "政府采购从业人员考试", paperId: paper.id, isFaceVerify: settings.isFaceVerify ?? 0, proctoring: { isOpenSoftMonitor: settings.isOpenSoftMonitor ?? 0, faceVerifyCount: 3 } });
  return { exam, q };
}

describeEachDb("organisations, whitelists and channels", (getDb) => {
  it("the district tree is China's divisions from the data set: province → city → district with codes and names", async () => {
    const tree = districtTree();
    expect(tree.length).toBeGreaterThanOrEqual(31);
    const gd = tree.find((p) => p.areaCode === "440000")!;
    expect(gd.areaName).toBe("广东省");
    const sz = gd.children!.find((c) => c.areaCode === "440300")!;
    expect(sz.areaName).toBe("深圳市");
    expect(sz.children!.map((d) => d.areaName)).toEqual(expect.arrayContaining(["福田区", "南山区"]));
    expect(sz.children!.find((d) => d.areaCode === "440304")).toEqual({ areaCode: "440304", areaName: "福田区" });
    // One level, two levels, or a subtree; the same objects are handed out again (loaded once).
    expect(districtTree({ level: 1 })[0]).toEqual({ areaCode: "110000", areaName: "北京市" });
    expect(districtTree({ level: 2 }).find((p) => p.areaCode === "430000")!.children!.every((c) => !c.children)).toBe(true);
    expect(districtTree({ parentCode: "430100" }).map((d) => d.areaName)).toContain("岳麓区");
    expect(districtTree({ parentCode: "999999" })).toEqual([]);
    expect(districtTree()).toBe(tree);
    expect(resolveRegion({ provinceCode: "440000", cityCode: "440300", districtCode: "440304" })).toMatchObject({ provinceName: "广东省", cityName: "深圳市", districtName: "福田区", regionCode: "440304" });
    expect(() => resolveRegion({ provinceCode: "440000", cityCode: "430100" })).toThrow("所在城市不属于所选省份");

    const { client } = await learner(getDb());
    expect((await client.call((c) => c.org.districtTree({ level: 1 }))).length).toBe(tree.length);
    const viaAdmin = await (await admin(getDb())).call((c) => c.org.admin.organization.districtTree({ parentCode: "440300" }));
    expect(viaAdmin).toEqual(sz.children);
  });

  it("organisations: create, detail, update (the name follows to linked learners), uniqueness, paging and filters", async () => {
    const db = getDb();
    const a = await admin(db);
    const gd = await a.call((c) => c.org.admin.organization.save(gdCentre));
    expect(gd).toMatchObject({ name: "广东省政府采购中心", creditCode: GD_CENTRE, provinceName: "广东省", cityName: "", regionCode: "440000", regionName: "广东省", source: 1, sourceName: "手工创建", status: 1, learnerCount: 0 });
    const sz = await a.call((c) => c.org.admin.organization.save(szFinance));
    expect(sz).toMatchObject({ regionName: "广东省 深圳市 福田区", sourceName: "批量导入" });
    await a.call((c) => c.org.admin.organization.save(hnCentre));
    // The same name in another region is another organisation; in the same region it is refused.
    await a.call((c) => c.org.admin.organization.save({ name: "深圳市财政局", provinceCode: "440000", cityCode: "440300" }));
    expect((await rejection(a.call((c) => c.org.admin.organization.save(szFinance)))).message).toBe(ORG_NAME_TAKEN);
    expect((await rejection(a.call((c) => c.org.admin.organization.save({ ...hnCentre, name: "长沙市政府采购中心", creditCode: GD_CENTRE })))).message).toBe(CREDIT_CODE_TAKEN);
    expect((await db.select().from(organizations)).length).toBe(4);

    const page = await a.call((c) => c.org.admin.organization.page({ pageNo: 1, pageSize: 2 }));
    expect(page).toMatchObject({ total: 4, pageNo: 1, pageSize: 2 });
    expect(page.list).toHaveLength(2);
    expect((await a.call((c) => c.org.admin.organization.page({ name: "财政", pageNo: 1, pageSize: 10 }))).total).toBe(2);
    expect((await a.call((c) => c.org.admin.organization.page({ provinceCode: "440000", pageNo: 1, pageSize: 10 }))).total).toBe(3);
    expect((await a.call((c) => c.org.admin.organization.page({ districtCode: "440304", pageNo: 1, pageSize: 10 }))).list.map((o) => o.id)).toEqual([sz.id]);
    expect((await a.call((c) => c.org.admin.organization.page({ source: 3, pageNo: 1, pageSize: 10 }))).list[0]).toMatchObject({ name: "湖南省公共资源交易中心" });
    expect(await a.call((c) => c.org.admin.organization.sourceEnum())).toEqual([{ code: 1, name: "手工创建" }, { code: 2, name: "批量导入" }, { code: 3, name: "外部同步" }]);

    // A learner picks the organisation; renaming it renames the learner's orgName.
    const { user, client } = await learner(db);
    const picked = await client.call((c) => c.identity.updateOrgInfo({ organizationId: sz.id }));
    expect(picked.orgName).toBe("深圳市财政局");
    const renamed = await a.call((c) => c.org.admin.organization.update({ ...szFinance, id: sz.id, name: "深圳市财政局（政府采购监管处）", status: 1 }));
    expect(renamed).toMatchObject({ name: "深圳市财政局（政府采购监管处）", learnerCount: 1, sourceName: "批量导入" });
    const [idn] = await db.select().from(userIdentities).where(eq(userIdentities.userId, user.id));
    expect(idn).toMatchObject({ organizationId: sz.id, orgName: "深圳市财政局（政府采购监管处）" });
    expect(await a.call((c) => c.org.admin.organization.detail({ id: sz.id }))).toMatchObject({ learnerCount: 1, creatorName: "李建国", districtName: "福田区" });
    expect((await rejection(a.call((c) => c.org.admin.organization.update({ ...hnCentre, id: 9999 })))).message).toBe("机构不存在或已删除");
  });

  it("a linked organisation cannot be deleted; once the learner moves on it can", async () => {
    const db = getDb();
    const a = await admin(db);
    const gd = await a.call((c) => c.org.admin.organization.save(gdCentre));
    const { user, client } = await learner(db);
    // Typing the exact name of the only organisation that carries it links too.
    await client.call((c) => c.identity.updateOrgName({ orgName: "广东省政府采购中心" }));
    expect((await db.select().from(userIdentities).where(eq(userIdentities.userId, user.id)))[0]!.organizationId).toBe(gd.id);
    const refused = await rejection(a.call((c) => c.org.admin.organization.del({ id: gd.id })));
    expect(refused.message).toBe(linkedRefusal(1));
    expect(await db.select().from(organizations)).toHaveLength(1);
    await client.call((c) => c.identity.updateOrgName({ orgName: "广州市某区采购办" }));
    expect((await db.select().from(userIdentities).where(eq(userIdentities.userId, user.id)))[0]).toMatchObject({ organizationId: null, orgName: "广州市某区采购办" });
    expect(await a.call((c) => c.org.admin.organization.del({ id: gd.id }))).toEqual({ id: gd.id, deleted: true });
    expect(await db.select().from(organizations)).toHaveLength(0);
    expect((await rejection(a.call((c) => c.org.admin.organization.del({ id: gd.id })))).message).toBe("机构不存在或已删除");
  });

  it("orgSearch answers registered organisations first, then names learners typed; a stopped one is not offered", async () => {
    const db = getDb();
    const a = await admin(db);
    const sz = await a.call((c) => c.org.admin.organization.save(szFinance));
    await a.call((c) => c.org.admin.organization.save({ name: "深圳市公共资源交易中心", provinceCode: "440000", cityCode: "440300", status: 0 }));
    const other = await learner(db, "赵磊");
    await other.client.call((c) => c.identity.updateOrgName({ orgName: "深圳市南山区政府采购中心" }));
    await other.client.call((c) => c.identity.updateOrgName({ orgName: "深圳市南山区政府采购中心" }));
    const { client } = await learner(db);
    const found = await client.call((c) => c.identity.orgSearch({ orgName: "深圳", pageNo: 1, pageSize: 10 }));
    expect(found).toEqual({
      list: [{ orgName: "深圳市财政局", organizationId: sz.id, regionName: "广东省 深圳市 福田区" }, { orgName: "深圳市南山区政府采购中心" }],
      total: 2,
      pageNo: 1,
      pageSize: 10,
    });
    const second = await client.call((c) => c.identity.orgSearch({ orgName: "深圳", pageNo: 2, pageSize: 1 }));
    expect(second.list).toEqual([{ orgName: "深圳市南山区政府采购中心" }]);
  });

  it("organisation input is checked in Chinese and changes nothing", async () => {
    const db = getDb();
    const a = await admin(db);
    const cases: [unknown, string][] = [
      [{ provinceCode: "440000" }, "请输入机构名称"],
      [{ name: "某单位" }, "请选择所在省份"],
      [{ name: "某单位", provinceCode: "990000" }, "所在省份不正确"],
      [{ name: "某单位", provinceCode: "440000", cityCode: "430100" }, "所在城市不属于所选省份"],
      [{ name: "某单位", provinceCode: "440000", districtCode: "440304" }, "请先选择所在城市"],
      [{ name: "某单位", provinceCode: "440000", creditCode: "91440300MA5ABCDE1X" }, "统一社会信用代码不正确，应为18位且校验位正确"],
      [{ name: "某单位", provinceCode: "440000", source: 5 }, "机构来源须为1（手工创建）、2（批量导入）或3（外部同步）"],
      [{ name: "某单位", provinceCode: "440000", contactPhone: "12345" }, "联系电话格式不正确"],
      [{ name: "某".repeat(51), provinceCode: "440000" }, "机构名称不能超过50字"],
    ];
    for (const [input, message] of cases) expect((await rejection(a.call((c) => c.org.admin.organization.save(input as never)))).message).toBe(message);
    expect((await rejection(a.call((c) => c.org.admin.organization.page({ pageSize: 500 } as never)))).message).toBe("每页条数须在1-100之间");
    expect((await rejection(a.call((c) => c.org.admin.organization.districtTree({ level: 4 } as never)))).message).toBe("行政区划层级须为1（省）、2（市）或3（区县）");
    expect(await db.select().from(organizations)).toHaveLength(0);
    expect(isCreditCode(GD_CENTRE)).toBe(true);
  });

  it("whitelists: add by mobile with a result per row, search, remove; unique per type, business and learner", async () => {
    const db = getDb();
    const a = await admin(db);
    const { exam } = await examOf(db, { isOpenSoftMonitor: 1 });
    const one = await learner(db, "张敏", "13711110001");
    const two = await learner(db, "刘洋", "13711110002");
    const made = await a.call((c) =>
      c.org.admin.white.create({ whiteBusinessType: 1, businessId: exam.id, mobiles: "13711110001，13711110002\n13711119999 1371111 13711110001", cause: "考点机房无法安装监考助手" } as never),
    );
    expect(made).toMatchObject({ businessName: "政府采购从业人员考试", total: 5, added: 2, existed: 1, failed: 2 });
    expect(made.results.map((r) => [r.value, r.status, r.message])).toEqual([
      ["13711110001", "added", "已添加"],
      ["13711110002", "added", "已添加"],
      ["13711119999", "failed", "未找到使用该手机号的用户"],
      ["1371111", "failed", "手机号格式不正确"],
      ["13711110001", "existed", "与前面的行重复"],
    ]);
    const again = await a.call((c) => c.org.admin.white.create({ whiteBusinessType: 1, businessId: exam.id, userIds: [one.user.id] }));
    expect(again).toMatchObject({ added: 0, existed: 1, results: [{ status: "existed", message: "已在白名单中", nick: "张敏" }] });
    expect(await db.select().from(whitelistEntries)).toHaveLength(2);

    const found = await a.call((c) => c.org.admin.white.search({ whiteBusinessType: 1, keyword: "张", pageNo: 1, pageSize: 10 }));
    expect(found).toMatchObject({ total: 1, list: [{ userId: one.user.id, nick: "张敏", mobile: "137****0001", whiteBusinessTypeName: "考试免软件监控", businessName: "政府采购从业人员考试", cause: "考点机房无法安装监考助手", creatorName: "李建国" }] });
    expect((await a.call((c) => c.org.admin.white.search({ whiteBusinessType: 3, pageNo: 1, pageSize: 10 }))).total).toBe(0);
    expect((await a.call((c) => c.org.admin.white.businessTypes())).map((t) => t.name)).toEqual(["考试免软件监控", "课程仅乐采云", "考试免人脸核验"]);

    expect(await two.client.call((c) => c.org.whiteInfo({ examId: exam.id, whiteBusinessType: 1 }))).toMatchObject({ isWhite: 1, examId: exam.id });
    expect(await two.client.call((c) => c.org.whiteInfo({ examId: exam.id, whiteBusinessType: 3 }))).toMatchObject({ isWhite: 0 });
    const removed = await a.call((c) => c.org.admin.white.remove({ ids: [found.list[0]!.id] }));
    expect(removed.removed).toBe(1);
    expect(await one.client.call((c) => c.org.whiteInfo({ examId: exam.id }))).toMatchObject({ isWhite: 0, whiteBusinessType: 1 });
    expect((await rejection(a.call((c) => c.org.admin.white.remove({ id: found.list[0]!.id })))).message).toBe("白名单记录不存在或已移除");
    // A business that does not exist is refused; a course entry names a course.
    expect((await rejection(a.call((c) => c.org.admin.white.create({ whiteBusinessType: 3, businessId: 9999, userIds: [one.user.id] })))).message).toBe("考试不存在或已删除");
    const { course } = await createCourse(db, { name: "政府采购合同管理" });
    expect(await a.call((c) => c.org.admin.white.create({ whiteBusinessType: 2, businessId: course.id, userIds: [one.user.id] }))).toMatchObject({ businessName: "政府采购合同管理", added: 1 });
    expect(await one.client.call((c) => c.org.whiteInfo({ courseId: course.id, whiteBusinessType: 2 }))).toMatchObject({ isWhite: 1, businessId: course.id });
  });

  it("the exam honours the whitelist: no helper for the soft-monitor type, no face check for the face type, no fraud record for the missing check", async () => {
    const db = getDb();
    const a = await admin(db);
    const { exam, q } = await examOf(db, { isOpenSoftMonitor: 1, isFaceVerify: 1 });
    const { user, client } = await learner(db, "黄丽", "13711110003");
    const plain = await learner(db, "周强", "13711110004");
    expect(await client.call((c) => c.exam.monitorInfo({ examId: exam.id }))).toMatchObject({ isOpenSoftMonitor: 1, isFaceVerify: 1 });

    await a.call((c) => c.org.admin.white.create({ whiteBusinessType: 1, businessId: exam.id, mobiles: ["13711110003"] }));
    expect(await client.call((c) => c.exam.monitorInfo({ examId: exam.id }))).toMatchObject({ isOpenSoftMonitor: 0, isFaceVerify: 1 });
    expect(await client.call((c) => c.exam.detail({ examId: exam.id }))).toMatchObject({ isOpenSoftMonitor: 0, isFaceVerify: 1 });
    expect(await plain.client.call((c) => c.exam.monitorInfo({ examId: exam.id }))).toMatchObject({ isOpenSoftMonitor: 1 });
    await client.call((c) => c.exam.register({ examId: exam.id }));
    expect((await rejection(client.call((c) => c.exam.start({ examId: exam.id })))).message).toBe("请先完成人脸核验");

    // The face type for every exam (businessId 0).
    await a.call((c) => c.org.admin.white.create({ whiteBusinessType: 3, userIds: [user.id], cause: "身份证照片过期，已人工核验" }));
    expect(await client.call((c) => c.exam.detail({ examId: exam.id }))).toMatchObject({ isFaceVerify: 0, isOpenSoftMonitor: 0 });
    expect(await client.call((c) => c.exam.faceUserInfo({ examId: exam.id }))).toMatchObject({ isFaceVerify: 0 });
    expect(await client.call((c) => c.exam.whiteInfo({ examId: exam.id, whiteBusinessType: 3 }))).toMatchObject({ isWhite: 1 });
    const { paperId } = await client.call((c) => c.exam.start({ examId: exam.id }));
    await client.call((c) => c.exam.submit({ paperId, answers: [{ questionId: q.id, answer: ["A"] }] }));
    expect(await db.select().from(examFraudChecks).where(eq(examFraudChecks.attemptId, paperId))).toHaveLength(0);

    // Without the entry the same attempt would have been a fraud record, and the start refused.
    await plain.client.call((c) => c.exam.register({ examId: exam.id }));
    expect((await rejection(plain.client.call((c) => c.exam.start({ examId: exam.id })))).message).toBe("请先完成人脸核验");
  });

  it("channels: unique code whatever the case, the jump link, a visit counted once per visitor and day, sign-ups within 30 days", async () => {
    const db = getDb();
    const a = await admin(db);
    const { course } = await createCourse(db, { name: "政府采购法实施条例解读" });
    const live = await createLive(db, { name: "政府采购评审专家培训直播" });
    const wx = await a.call((c) => c.org.admin.channel.save({ code: "wx_mp", name: "微信公众号推广", targetType: 1, targetId: course.id, remark: "公众号菜单" }));
    expect(wx).toMatchObject({ channelCode: "wx_mp", targetName: "政府采购法实施条例解读", link: `/course/detail?id=${course.id}&channel=wx_mp`, visitCount: 0, signupCount: 0 });
    expect((await rejection(a.call((c) => c.org.admin.channel.save({ code: "WX_MP", name: "重复", targetType: 2, targetId: live.id })))).message).toBe(CHANNEL_CODE_TAKEN);
    expect((await rejection(a.call((c) => c.org.admin.channel.save({ code: "gov-site", name: "官网", targetType: 2, targetId: live.id })))).message).toBe("渠道编码须为2-32位字母、数字或下划线");
    expect((await rejection(a.call((c) => c.org.admin.channel.save({ code: "gov_site", name: "官网", targetType: 2, targetId: 9999 })))).message).toBe("推广内容不存在或已删除");
    const site = await a.call((c) => c.org.admin.channel.save({ code: "gd_ccgp", name: "省采购中心官网", targetType: 2, targetId: live.id }));
    expect(site.link).toBe(`/live/detail?selectedLiveId=${live.id}&channel=gd_ccgp`);
    expect(await a.call((c) => c.org.admin.channel.jumpLink({ channelCode: "WX_MP" }))).toMatchObject({ channelCode: "wx_mp", link: `/course/detail?id=${course.id}&channel=wx_mp`, url: `http://127.0.0.1:3000/course/detail?id=${course.id}&channel=wx_mp` });
    expect(await db.select().from(channels)).toHaveLength(2);

    // An anonymous visitor: counted once today, however often the page opens; the cookie keeps them one visitor.
    const visitor = testClient(db, { ip: "10.1.0.7" });
    expect(await visitor.call((c) => c.org.promote({ channel: "wx_mp", type: 1, objectId: course.id }))).toMatchObject({ counted: 1, channelName: "微信公众号推广" });
    expect(visitor.jar[VISITOR_COOKIE]).toMatch(/^[a-z0-9]{32}$/);
    expect(await visitor.call((c) => c.org.promote({ channel: "wx_mp" }))).toMatchObject({ counted: 0, reason: "今日已记录" });
    // The same browser without its cookie is still the same visitor.
    const cookieless = testClient(db, { ip: "10.1.0.7" });
    expect(await cookieless.call((c) => c.org.promote({ channel: "wx_mp" }))).toMatchObject({ counted: 0 });
    // Another visitor, and a signed-in learner (by user id).
    expect(await testClient(db, { ip: "10.1.0.8" }).call((c) => c.org.promote({ channel: "wx_mp" }))).toMatchObject({ counted: 1 });
    const { client: signed } = await learner(db);
    expect(await signed.call((c) => c.org.promote({ channel: "wx_mp" }))).toMatchObject({ counted: 1 });
    expect(await signed.call((c) => c.org.promote({ channel: "wx_mp" }))).toMatchObject({ counted: 0 });
    // Yesterday's visit does not stop today's.
    await db.update(channelVisits).set({ day: sql`${channelVisits.day} - 1`, createdAt: new Date(Date.now() - DAY) });
    expect(await visitor.call((c) => c.org.promote({ channel: "wx_mp" }))).toMatchObject({ counted: 1 });
    // An unknown channel answers null; a stopped one counts nothing and says so.
    expect(await visitor.call((c) => c.org.promote({ channel: "nope_x" }))).toBeNull();
    await a.call((c) => c.org.admin.channel.update({ id: site.id, code: "gd_ccgp", name: "省采购中心官网", targetType: 2, targetId: live.id, status: 0 }));
    expect(await visitor.call((c) => c.org.promote({ channel: "gd_ccgp" }))).toMatchObject({ counted: 0, reason: "推广渠道已停用" });

    // The visitor registers: a sign-up of wx_mp.
    const mobile = "13600009001";
    await visitor.call((c) => c.auth.sendRegisterCode({ mobile, captcha: "2026" }));
    const me = await visitor.call((c) =>
      c.auth.register({ loginName: "qudao_xinren", nick: "渠道新人", mobile, code: latestCode(mobile), password: "Caiyun@2026new", confirmPassword: "Caiyun@2026new" }),
    );
    expect(await db.select().from(channelSignups)).toEqual([expect.objectContaining({ userId: me.userId, channelId: wx.id })]);
    // A visit more than 30 days before the registration brings no sign-up.
    const late = testClient(db, { ip: "10.1.0.9" });
    await late.call((c) => c.org.promote({ channel: "wx_mp" }));
    await db.update(channelVisits).set({ createdAt: new Date(Date.now() - 31 * DAY) }).where(eq(channelVisits.visitorKey, `v:${late.jar[VISITOR_COOKIE]}`));
    const mobile2 = "13600009002";
    await late.call((c) => c.auth.sendRegisterCode({ mobile: mobile2, captcha: "2026" }));
    await late.call((c) => c.auth.register({ loginName: "qudao_wanle", nick: "过期访客", mobile: mobile2, code: latestCode(mobile2), password: "Caiyun@2026new", confirmPassword: "Caiyun@2026new" }));
    expect(await db.select().from(channelSignups)).toHaveLength(1);

    const page = await a.call((c) => c.org.admin.channel.page({ pageNo: 1, pageSize: 10 }));
    const row = page.list.find((r) => r.id === wx.id)!;
    expect(row).toMatchObject({ visitCount: 5, visitorCount: 4, todayVisitCount: 2, signupCount: 1, creatorName: "李建国" });
    expect(await a.call((c) => c.org.admin.channel.detail({ id: wx.id }))).toMatchObject({ visitCount: 5, signupCount: 1 });
    expect((await a.call((c) => c.org.admin.channel.page({ keyword: "官网", pageNo: 1, pageSize: 10 }))).list.map((r) => r.id)).toEqual([site.id]);
    // The code of a visited channel stays; a fresh one can change it; deleting takes its records along.
    expect((await rejection(a.call((c) => c.org.admin.channel.update({ id: wx.id, code: "wx_new", name: "微信公众号推广", targetType: 1, targetId: course.id })))).message).toBe(CODE_LOCKED);
    expect(await a.call((c) => c.org.admin.channel.update({ id: site.id, code: "gd_site", name: "省采购中心官网", targetType: 2, targetId: live.id }))).toMatchObject({ channelCode: "gd_site", status: 0 });
    await a.call((c) => c.org.admin.channel.del({ id: wx.id }));
    expect(await db.select().from(channelVisits).where(eq(channelVisits.channelId, wx.id))).toHaveLength(0);
    expect(await db.select().from(channelSignups)).toHaveLength(0);
    expect((await rejection(a.call((c) => c.org.admin.channel.detail({ id: wx.id })))).message).toBe("渠道不存在或已删除");
  });

  it("a learner is refused every back-office call; a visitor is asked to log in", async () => {
    const db = getDb();
    const { client } = await learner(db);
    const calls: ((c: Parameters<Parameters<Client["call"]>[0]>[0]) => Promise<unknown>)[] = [
      (c) => c.org.admin.organization.save(gdCentre),
      (c) => c.org.admin.organization.update({ ...gdCentre, id: 1 }),
      (c) => c.org.admin.organization.del({ id: 1 }),
      (c) => c.org.admin.organization.page({}),
      (c) => c.org.admin.organization.detail({ id: 1 }),
      (c) => c.org.admin.organization.districtTree({}),
      (c) => c.org.admin.organization.sourceEnum(),
      (c) => c.org.admin.white.create({ whiteBusinessType: 1, userIds: [1] }),
      (c) => c.org.admin.white.remove({ id: 1 }),
      (c) => c.org.admin.white.search({}),
      (c) => c.org.admin.white.businessTypes(),
      (c) => c.org.admin.channel.jumpLink({ channelCode: "wx_mp" }),
      (c) => c.org.admin.channel.detail({ id: 1 }),
      (c) => c.org.admin.channel.save({ code: "wx_mp", name: "x", targetType: 1, targetId: 1 }),
      (c) => c.org.admin.channel.update({ id: 1, code: "wx_mp", name: "x", targetType: 1, targetId: 1 }),
      (c) => c.org.admin.channel.del({ id: 1 }),
      (c) => c.org.admin.channel.page({}),
    ];
    for (const call of calls) expect((await rejection(client.call(call))).legacyCode).toBe("403");
    const visitor = testClient(db);
    expect((await rejection(visitor.call((c) => c.org.admin.organization.page({})))).legacyCode).toBe("281");
    expect((await rejection(visitor.call((c) => c.org.whiteInfo({ examId: 1 })))).legacyCode).toBe("281");
    expect(await db.select().from(organizations)).toHaveLength(0);
    expect(await db.select().from(whitelistEntries)).toHaveLength(0);
    expect(await db.select().from(channels)).toHaveLength(0);
  });

  it("bad whitelist and channel input reads in Chinese and changes nothing", async () => {
    const db = getDb();
    const a = await admin(db);
    const white: [unknown, string][] = [
      [{ whiteBusinessType: 9, userIds: [1] }, "白名单类型须为1（考试免软件监控）、2（课程仅乐采云）或3（考试免人脸核验）"],
      [{ whiteBusinessType: 1 }, "请填写要加入白名单的手机号或用户"],
      [{ whiteBusinessType: 1, mobiles: "" }, "请填写要加入白名单的手机号或用户"],
      [{ whiteBusinessType: 1, businessId: -1, userIds: [1] }, "业务ID格式不正确"],
      [{ whiteBusinessType: 1, mobiles: Array.from({ length: 501 }, (_, i) => `1390000${String(i).padStart(4, "0")}`) }, "一次最多添加500人"],
    ];
    for (const [input, message] of white) expect((await rejection(a.call((c) => c.org.admin.white.create(input as never)))).message).toBe(message);
    expect((await rejection(a.call((c) => c.org.admin.white.remove({} as never)))).message).toBe("请选择要移除的白名单记录");
    const channel: [unknown, string][] = [
      [{ name: "x", targetType: 1, targetId: 1 }, "请输入渠道编码"],
      [{ code: "a", name: "x", targetType: 1, targetId: 1 }, "渠道编码须为2-32位字母、数字或下划线"],
      [{ code: "abc", targetType: 1, targetId: 1 }, "请输入渠道名称"],
      [{ code: "abc", name: "x", targetType: 3, targetId: 1 }, "推广内容类型须为课程（1）、直播（2）或学习地图（4）"],
      [{ code: "abc", name: "x", targetType: 1, targetId: "abc" }, "推广内容ID格式不正确"],
    ];
    for (const [input, message] of channel) expect((await rejection(a.call((c) => c.org.admin.channel.save(input as never)))).message).toBe(message);
    expect((await rejection(testClient(db).call((c) => c.org.promote({ channel: "含中文" })))).message).toBe("渠道编码须为2-32位字母、数字或下划线");
    expect(await db.select().from(whitelistEntries)).toHaveLength(0);
    expect(await db.select().from(channels)).toHaveLength(0);
    expect(await db.select().from(channelVisits)).toHaveLength(0);
  });
});
