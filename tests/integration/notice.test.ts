import { expect, it } from "vitest";
import { notices } from "@db/schema";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { testClient } from "../helpers/caller";
import { describeEachDb } from "../helpers/db";

describeEachDb("platform notices for learners", (getDb) => {
  it("pages the notices on show and takes one like per learner", async () => {
    const db = getDb();
    const [shown, , ended] = await db
      .insert(notices)
      .values([
        { title: "平台升级公告", content: "3月15日凌晨系统升级。", sort: 1 },
        { title: "新课上线", sort: 2, startTime: new Date(Date.now() - 3600_000) },
        { title: "已结束", sort: 3, endTime: new Date(Date.now() - 1000) },
        { title: "未开始", sort: 4, startTime: new Date(Date.now() + 3600_000) },
      ])
      .returning();
    const a = await signedInClient(db, (await createUser(db, { nick: "张敏" })).id);
    const b = await signedInClient(db, (await createUser(db, { nick: "刘洋" })).id);
    const visitor = testClient(db);

    const page = await visitor.call((c) => c.operate.notice.list({ pageNo: 1, pageSize: 10 }));
    expect(page.list.map((n) => n.title)).toEqual(["平台升级公告", "新课上线"]);
    expect(page.total).toBe(2);

    expect(await a.call((c) => c.operate.notice.praise({ id: shown!.id }))).toMatchObject({ isPraise: 1, praiseCount: 1, praiseCountText: "1" });
    // A second like by the same learner changes nothing.
    expect(await a.call((c) => c.operate.notice.praise({ noticeId: shown!.id, status: 1 } as never))).toMatchObject({ isPraise: 1, praiseCount: 1 });
    expect(await b.call((c) => c.operate.notice.praise({ id: shown!.id }))).toMatchObject({ praiseCount: 2 });
    expect(await a.call((c) => c.operate.notice.detail({ id: shown!.id }))).toMatchObject({ isPraise: 1, praiseCount: 2, content: "3月15日凌晨系统升级。" });
    expect(await a.call((c) => c.operate.notice.praise({ id: shown!.id, status: 0 }))).toMatchObject({ isPraise: 0, praiseCount: 1 });
    expect(await visitor.call((c) => c.operate.notice.detail({ id: shown!.id }))).toMatchObject({ isPraise: 0, praiseCount: 1 });

    expect((await rejection(visitor.call((c) => c.operate.notice.praise({ id: shown!.id })))).legacyCode).toBe("281");
    expect((await rejection(a.call((c) => c.operate.notice.detail({ id: ended!.id })))).message).toBe("公告不存在或已下线");
    expect((await rejection(a.call((c) => c.operate.notice.praise({ id: ended!.id })))).message).toBe("公告不存在或已下线");
  });
});
