import { eq } from "drizzle-orm";
import type { Db } from "@db/client";
import { users } from "@db/schema";
import { createIdentity, makeIdNo, seedIdentityReference } from "../../tests/factories/identity";

/** Reference data, plus confirmed identities for a few demo learners (the demo learner stays unconfirmed). */
export async function seedIdentity(db: Db) {
  await seedIdentityReference(db);
  const people: [string, string, number[], string | null, string, string][] = [
    ["zhangmin_cg", "张敏", [1], "杭州市西湖区财政局", "330100", makeIdNo("330106", "19860914", 213)],
    ["chenjing88", "陈静", [2], "浙江公信招标代理有限公司", "330100", makeIdNo("330102", "19910227", 368)],
    ["huangli_cw", "黄丽", [3], "广州鸿远办公设备有限公司", "440100", makeIdNo("440106", "19880703", 145)],
    ["xuhao2024", "徐浩", [4], null, "430100", makeIdNo("430104", "19790418", 537)],
    ["hulin_pm", "胡琳", [1, 5], "成都市政府采购中心", "510100", makeIdNo("510107", "19930121", 426)],
  ];
  for (const [loginName, realName, identityList, orgName, areaCode, idNo] of people) {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.loginName, loginName)).limit(1);
    if (!user) continue;
    await createIdentity(db, user.id, { realName, identityList, orgName, areaCode, idNo });
  }
}
