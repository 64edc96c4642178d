import { eq, inArray } from "drizzle-orm";
import type { Db } from "@db/client";
import { orgGroups, orgRoles, users } from "@db/schema";
import { initFromSource } from "@trpc-app/org/init.service";
import { addMembership, createPrivileges, createTag } from "../../tests/factories/org";

/** Government units and roles from the default organisation source, tags, and who belongs where. */
export async function seedOrg(db: Db) {
  await initFromSource(db, "group", false);
  await initFromSource(db, "role", false);
  const tagNames = [
    ["新入职", "入职一年内的采购经办人员"],
    ["评审专家库", "已入库的政府采购评审专家"],
    ["重点培训对象", "年度重点培训名单"],
    ["代理机构负责人", "采购代理机构专职负责人"],
  ] as const;
  const tagIds: number[] = [];
  for (const [name, remark] of tagNames) tagIds.push((await createTag(db, name, remark)).id);

  const groupOf = async (code: string) => (await db.select().from(orgGroups).where(eq(orgGroups.code, code)).limit(1))[0]!.id;
  const roleOf = async (code: string) => (await db.select().from(orgRoles).where(eq(orgRoles.code, code)).limit(1))[0]!.id;
  const people = await db
    .select({ id: users.id, loginName: users.loginName })
    .from(users)
    .where(inArray(users.loginName, ["demo_learner", "demo_admin", "zhangmin_cg", "liuyang_zb", "chenjing88", "zhaolei_dl", "huangli_cw"]));
  const id = (n: string) => people.find((p) => p.loginName === n)?.id;
  const plan: Array<[string, string, string, number[]]> = [
    ["demo_learner", "zj-hz-cgb", "purchaser-staff", [tagIds[0]!, tagIds[2]!]],
    ["demo_admin", "zj-czt-cgc", "regulator", []],
    ["zhangmin_cg", "zj-hz-xh", "purchaser-staff", [tagIds[0]!]],
    ["liuyang_zb", "zj-cgzx-yw", "agency-staff", [tagIds[3]!]],
    ["chenjing88", "zj-nb-czj", "purchaser-leader", [tagIds[2]!]],
    ["zhaolei_dl", "zj-cgzx-zl", "agency-staff", []],
    ["huangli_cw", "mof-gks", "expert", [tagIds[1]!]],
  ];
  for (const [login, group, role, t] of plan) {
    const userId = id(login);
    if (!userId) continue;
    await addMembership(db, userId, { groupIds: [await groupOf(group)], roleIds: [await roleOf(role)], tagIds: t });
  }
  await createPrivileges(db, id("demo_admin"));
}
