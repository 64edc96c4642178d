import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { describeEachDb } from "../helpers/db";

const base = (extra: Record<string, unknown> = {}) => ({
  name: "政采云",
  url: "https://www.zcygov.cn",
  picUrl: "",
  cloudRegion: "lcy",
  source: "zcy",
  clientId: "caiyun-college",
  authorizeUrl: "https://auth.example.cn/authorize",
  tokenUrl: "https://auth.example.cn/token",
  userinfoUrl: "https://auth.example.cn/userinfo",
  ...extra,
});

async function adminOf(db: Db) {
  const admin = await createUser(db, { loginName: "platform_admin", isAdmin: 1 });
  return signedInClient(db, admin.id);
}

describeEachDb("authorised platforms: back office", (getDb) => {
  it("validates the form with Chinese messages and keeps script addresses out of the logo", async () => {
    const db = getDb();
    const admin = await adminOf(db);
    const refused = async (extra: Record<string, unknown>) => (await rejection(admin.call((c) => c.oauth.admin.save(base(extra) as never)))).message;
    expect(await refused({ name: "" })).toBe("请输入平台名称");
    expect(await refused({ name: "平".repeat(41) })).toBe("平台名称不超过40个字符");
    expect(await refused({ url: "www.zcygov.cn" })).toBe("平台网址须以http://或https://开头");
    expect(await refused({ picUrl: "javascript:alert(1)" })).toBe("Logo地址不正确");
    expect(await refused({ picUrl: "//evil.example.com/x.png" })).toBe("Logo地址不正确");
    expect(await refused({ sort: -1 })).toBe("排序须为0-9999的整数");
    expect(await refused({ cloudRegion: "云 区" })).toBe("云区域仅限字母、数字、下划线及-");
    expect(await refused({ authorizeUrl: "not a url" })).toBe("授权地址须为完整网址");
    expect(await admin.call((c) => c.oauth.admin.list())).toEqual([]);

    // An uploaded logo is stored as posted and handed out with a fresh signature.
    const saved = await admin.call((c) => c.oauth.admin.save(base({ picUrl: "/storage/file/1133/20261122/1/abc_logo.png?exp=1&sig=old" }) as never));
    const [listed] = await admin.call((c) => c.oauth.platforms());
    expect(listed!.id).toBe(saved.id);
    expect(listed!.picUrl).toMatch(/^\/storage\/file\/1133\/20261122\/1\/abc_logo\.png\?exp=\d+&sig=/);
    expect(listed!.picUrl).not.toContain("sig=old");
  });

  it("orders, switches off and removes platforms; the picker follows", async () => {
    const db = getDb();
    const admin = await adminOf(db);
    const a = await admin.call((c) => c.oauth.admin.save(base({ name: "政采云", cloudRegion: "lcy", source: "zcy", sort: 5 }) as never));
    const b = await admin.call((c) => c.oauth.admin.save(base({ name: "乐采云", cloudRegion: "lecaiyun", source: "lecai", sort: 8 }) as never));
    const c3 = await admin.call((c) => c.oauth.admin.save(base({ name: "采购云", cloudRegion: "cgy", source: "cgy", sort: 9 }) as never));
    const names = async () => (await admin.call((c) => c.oauth.platforms())).map((p) => p.name);
    expect(await names()).toEqual(["政采云", "乐采云", "采购云"]);

    await admin.call((c) => c.oauth.admin.move({ id: c3.id, position: 1 }));
    expect(await names()).toEqual(["采购云", "政采云", "乐采云"]);
    expect((await admin.call((c) => c.oauth.admin.list())).map((p) => p.sort)).toEqual([1, 2, 3]);
    await admin.call((c) => c.oauth.admin.move({ id: c3.id, position: 99 }));
    expect(await names()).toEqual(["政采云", "乐采云", "采购云"]);

    await admin.call((c) => c.oauth.admin.enable({ id: b.id, enabled: 0 }));
    expect(await names()).toEqual(["政采云", "采购云"]);
    expect((await admin.call((c) => c.oauth.admin.list())).find((p) => p.id === b.id)?.enabled).toBe(0);

    await admin.call((c) => c.oauth.admin.remove({ id: a.id }));
    expect(await names()).toEqual(["采购云"]);
    expect((await rejection(admin.call((c) => c.oauth.admin.remove({ id: a.id })))).message).toBe("授权平台不存在");
    expect((await rejection(admin.call((c) => c.oauth.admin.move({ id: a.id, position: 1 })))).message).toBe("授权平台不存在");
    expect((await rejection(admin.call((c) => c.oauth.admin.enable({ id: b.id, enabled: 2 as never })))).message).toBe("启用状态不正确");

    const learner = await signedInClient(db, (await createUser(db)).id);
    expect((await rejection(learner.call((c) => c.oauth.admin.move({ id: b.id, position: 1 })))).legacyCode).toBe("403");
  });
});
