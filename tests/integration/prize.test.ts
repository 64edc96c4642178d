import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { AWARD_SHIPPED } from "@trpc-app/live/raffle.service";
import { createAwardRecord, createLive } from "../factories/live";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { describeEachDb } from "../helpers/db";

const ADDRESS = { receiverName: "张敏", receiverMobile: "13912345678", receiverAddress: "浙江省杭州市西湖区文三路1号" };

async function world(db: Db) {
  const a = await createUser(db, { nick: "学员甲" });
  const b = await createUser(db, { nick: "学员乙" });
  const admin = await createUser(db, { nick: "管理员", isAdmin: 1 });
  const live = await createLive(db, { name: "政府采购年度盘点直播", liveStatus: 2 });
  const { record } = await createAwardRecord(db, { liveId: live.id, userId: a.id, awardName: "定制笔记本" });
  return { live, record, A: await signedInClient(db, a.id), B: await signedInClient(db, b.id), Admin: await signedInClient(db, admin.id) };
}

describeEachDb("live raffle prizes", (getDb) => {
  it("the winner gives an address, changes it until the admin ships, then it is frozen", async () => {
    const db = getDb();
    const { live, record, A, Admin } = await world(db);
    const mine = await A.call((c) => c.live.awardRecords({}));
    expect(mine).toEqual([expect.objectContaining({ liveUserAwardRecordId: record.id, awardName: "定制笔记本", liveName: "政府采购年度盘点直播", receiveStatus: 0 })]);

    // Shipping before an address is refused.
    expect((await rejection(Admin.call((c) => c.live.admin.awards.ship({ liveUserAwardRecordId: record.id })))).message).toBe("中奖人尚未填写收货信息");

    await A.call((c) => c.live.receiveAward({ liveUserAwardRecordId: record.id, ...ADDRESS }));
    const changed = await A.call((c) => c.live.receiveAward({ liveUserAwardRecordId: record.id, ...ADDRESS, receiverAddress: "浙江省杭州市滨江区江南大道2号" }));
    expect(changed).toMatchObject({ receiveStatus: 1, receiverAddress: "浙江省杭州市滨江区江南大道2号" });

    const records = await Admin.call((c) => c.live.admin.awards.records({ liveId: live.id }));
    expect(records).toEqual([expect.objectContaining({ recordId: record.id, receiverName: "张敏", receiverAddress: "浙江省杭州市滨江区江南大道2号", receiveStatus: 1, shipTime: null })]);

    const shipped = await Admin.call((c) => c.live.admin.awards.ship({ liveUserAwardRecordId: record.id }));
    expect(shipped).toMatchObject({ receiveStatus: 2, shipTime: expect.any(Number) });
    // Shipping again changes nothing.
    expect(await Admin.call((c) => c.live.admin.awards.ship({ liveUserAwardRecordId: record.id }))).toMatchObject({ receiveStatus: 2, shipTime: shipped.shipTime });
    expect((await rejection(A.call((c) => c.live.receiveAward({ liveUserAwardRecordId: record.id, ...ADDRESS })))).message).toBe(AWARD_SHIPPED);
    expect(await A.call((c) => c.live.receiveAddress({ liveUserAwardRecordId: record.id }))).toMatchObject({ receiveStatus: 2, receiverAddress: "浙江省杭州市滨江区江南大道2号" });
  });

  it("learner B can neither read nor write A's award; bad input is refused", async () => {
    const db = getDb();
    const { record, A, B } = await world(db);
    expect(await B.call((c) => c.live.awardRecords({}))).toEqual([]);
    expect((await rejection(B.call((c) => c.live.receiveAddress({ liveUserAwardRecordId: record.id })))).legacyCode).toBe("404");
    expect((await rejection(B.call((c) => c.live.receiveAward({ liveUserAwardRecordId: record.id, ...ADDRESS })))).legacyCode).toBe("404");
    expect(await A.call((c) => c.live.receiveAddress({ liveUserAwardRecordId: record.id }))).toMatchObject({ receiveStatus: 0, receiverName: "" });
    expect((await rejection(A.call((c) => c.live.receiveAward({ liveUserAwardRecordId: record.id, ...ADDRESS, receiverMobile: "12345" })))).message).toBe("手机号格式不正确");
    expect((await rejection(A.call((c) => c.live.receiveAward({ liveUserAwardRecordId: record.id, ...ADDRESS, receiverAddress: " " })))).message).toContain("收货地址");
    expect((await rejection(B.call((c) => c.live.admin.awards.ship({ liveUserAwardRecordId: record.id })))).legacyCode).toBe("403");
  });
});
