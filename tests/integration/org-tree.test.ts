import { asc } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { orgGroups, orgRoles, userIdentities } from "@db/schema";
import { userScope } from "@trpc-app/org/membership";
import { createGroup, createRole } from "../factories/org";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { describeEachDb } from "../helpers/db";

/** Every node's parent exists, no node is its own ancestor, siblings are numbered 0..n-1. */
async function assertConsistent(db: Db, table: typeof orgGroups | typeof orgRoles) {
  const rows = await db.select().from(table as typeof orgGroups);
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const r of rows) {
    const seen = new Set<number>();
    let p = r.parentId;
    while (p !== null) {
      expect(byId.has(p)).toBe(true);
      expect(seen.has(p)).toBe(false);
      seen.add(p);
      p = byId.get(p)!.parentId;
    }
  }
  const groups = new Map<number | null, number[]>();
  for (const r of rows) groups.set(r.parentId, [...(groups.get(r.parentId) ?? []), r.position]);
  for (const positions of groups.values()) expect(positions.sort((a, b) => a - b)).toEqual(positions.map((_, i) => i));
}

async function admin(db: Db) {
  const user = await createUser(db, { loginName: "tree_admin", isAdmin: 1 });
  return signedInClient(db, user.id);
}

describeEachDb("org trees", (getDb) => {
  it("adds, moves and reorders nodes keeping positions contiguous and refuses cycles", async () => {
    const db = getDb();
    const client = await admin(db);
    const mof = await client.call((c) => c.org.admin.group.add({ name: "财政部" }));
    const zj = await client.call((c) => c.org.admin.group.add({ name: "浙江省财政厅" }));
    const hz = await client.call((c) => c.org.admin.group.add({ name: "杭州市财政局", parentId: zj.id }));
    const xh = await client.call((c) => c.org.admin.group.add({ name: "西湖区财政局", parentId: hz.id }));
    const nb = await client.call((c) => c.org.admin.group.add({ name: "宁波市财政局", parentId: zj.id, position: 0 }));
    let tree = await client.call((c) => c.org.admin.group.tree());
    expect(tree.map((n) => n.name)).toEqual(["财政部", "浙江省财政厅"]);
    expect(tree[1]!.children.map((n) => n.name)).toEqual(["宁波市财政局", "杭州市财政局"]);
    await assertConsistent(db, orgGroups);

    // A node never goes under itself or its descendants.
    const own = await rejection(client.call((c) => c.org.admin.group.move({ id: zj.id, parentId: xh.id })));
    expect(own.message).toContain("不能把组织移动到它自己或它的下级之下");
    expect((await rejection(client.call((c) => c.org.admin.group.move({ id: hz.id, parentId: hz.id })))).message).toContain("自己");

    // Moving a subtree to another parent closes the gap it leaves.
    await client.call((c) => c.org.admin.group.move({ id: hz.id, parentId: mof.id, position: 0 }));
    tree = await client.call((c) => c.org.admin.group.tree());
    expect(tree[0]!.children.map((n) => n.name)).toEqual(["杭州市财政局"]);
    expect(tree[0]!.children[0]!.children.map((n) => n.name)).toEqual(["西湖区财政局"]);
    expect(tree[1]!.children.map((n) => [n.name, n.position])).toEqual([["宁波市财政局", 0]]);
    await assertConsistent(db, orgGroups);

    // To the top level, in the middle; and reordering among siblings.
    await client.call((c) => c.org.admin.group.move({ id: nb.id, parentId: null, position: 1 }));
    tree = await client.call((c) => c.org.admin.group.tree());
    expect(tree.map((n) => n.name)).toEqual(["财政部", "宁波市财政局", "浙江省财政厅"]);
    await client.call((c) => c.org.admin.group.move({ id: mof.id, parentId: null, position: 99 }));
    tree = await client.call((c) => c.org.admin.group.tree());
    expect(tree.map((n) => [n.name, n.position])).toEqual([["宁波市财政局", 0], ["浙江省财政厅", 1], ["财政部", 2]]);
    await assertConsistent(db, orgGroups);

    const sub = await client.call((c) => c.org.admin.group.getTree({ id: hz.id }));
    expect(sub).toHaveLength(1);
    expect(sub[0]!.children[0]!.name).toBe("西湖区财政局");
    const list = await client.call((c) => c.org.admin.group.list({ keyword: "财政局" }));
    expect(list.map((n) => n.name).sort()).toEqual(["宁波市财政局", "杭州市财政局", "西湖区财政局"].sort());
  });

  it("refuses deleting a node with children or members and renumbers after a delete", async () => {
    const db = getDb();
    const client = await admin(db);
    const top = await createRole(db, "采购人");
    const a = await createRole(db, "采购经办人", top.id);
    const b = await createRole(db, "采购负责人", top.id);
    const c3 = await createRole(db, "内控审核人", top.id);
    const learner = await createUser(db);

    const withKids = await rejection(client.call((c) => c.org.admin.role.del({ id: top.id })));
    expect(withKids.message).toBe("该角色下还有3个下级角色，请先删除或移走下级后再删除");
    await client.call((c) => c.org.admin.users.addRole({ userIds: [learner.id], roleId: b.id }));
    const withMembers = await rejection(client.call((c) => c.org.admin.role.del({ id: b.id })));
    expect(withMembers.message).toBe("该角色下还有1名用户，请先移除用户后再删除");

    await client.call((c) => c.org.admin.role.del({ id: a.id }));
    const rows = await db.select().from(orgRoles).orderBy(asc(orgRoles.position));
    expect(rows.filter((r) => r.parentId === top.id).map((r) => [r.id, r.position])).toEqual([[b.id, 0], [c3.id, 1]]);
    await assertConsistent(db, orgRoles as unknown as typeof orgGroups);
    expect((await rejection(client.call((c) => c.org.admin.role.del({ id: a.id })))).message).toBe("角色不存在或已删除");
    const dup = await rejection(client.call((c) => c.org.admin.role.add({ name: "内控审核人", parentId: top.id })));
    expect(dup.message).toContain("已有名为“内控审核人”的角色");
  });

  it("role and group assignment changes the user's scope (ancestors included)", async () => {
    const db = getDb();
    const client = await admin(db);
    const zj = await createGroup(db, "浙江省财政厅");
    const hz = await createGroup(db, "杭州市财政局", zj.id);
    const other = await createGroup(db, "财政部");
    const buyer = await createRole(db, "采购人");
    const learner = await createUser(db);
    expect(await userScope(db, learner.id)).toMatchObject({ roleIds: [], groupIds: [], tagIds: [] });

    await client.call((c) => c.org.admin.users.addRoleAndGroup({ userIds: [learner.id], groupIds: [hz.id], roleIds: [buyer.id] }));
    let scope = await userScope(db, learner.id);
    expect(scope.groupIds).toEqual([zj.id, hz.id].sort((x, y) => x - y));
    expect(scope.groupIds).not.toContain(other.id);
    expect(scope.roleIds).toEqual([buyer.id]);

    const tag = await client.call((c) => c.org.admin.tags.create({ name: "新入职" }));
    await client.call((c) => c.org.admin.users.addTag({ userIds: [learner.id], tagIds: [tag.id] }));
    expect((await userScope(db, learner.id)).tagIds).toEqual([tag.id]);
    expect(await client.call((c) => c.org.admin.tags.ifUse({ id: tag.id }))).toMatchObject({ inUse: true, useCount: 1 });

    await client.call((c) => c.org.admin.users.removeGroup({ userIds: [learner.id], groupId: hz.id }));
    await client.call((c) => c.org.admin.users.removeRole({ userId: learner.id, roleIds: [buyer.id] }));
    scope = await userScope(db, learner.id);
    expect(scope).toMatchObject({ groupIds: [], roleIds: [], tagIds: [tag.id] });

    // Removing the tag takes it off the user.
    await client.call((c) => c.org.admin.tags.remove({ id: tag.id }));
    expect((await userScope(db, learner.id)).tagIds).toEqual([]);

    // The area code comes from the identity record.
    await db.insert(userIdentities).values({ userId: learner.id, areaCode: "330106" });
    expect((await userScope(db, learner.id)).areaCode).toBe("330106");

    const missing = await rejection(client.call((c) => c.org.admin.users.addGroup({ userIds: [learner.id], groupIds: [999999] })));
    expect(missing.message).toBe("组织不存在：999999");
    const none = await rejection(client.call((c) => c.org.admin.users.addGroup({ userIds: [learner.id] })));
    expect(none.message).toBe("请选择组织");
  });

  it("initialises from the external source idempotently", async () => {
    const db = getDb();
    const client = await admin(db);
    const first = await client.call((c) => c.org.admin.group.init());
    expect(first.created).toBeGreaterThan(5);
    const second = await client.call((c) => c.org.admin.group.init());
    expect(second).toEqual({ created: 0, updated: 0 });
    const tree = await client.call((c) => c.org.admin.group.tree());
    expect(tree.map((n) => n.name)).toContain("浙江省财政厅");
    await assertConsistent(db, orgGroups);
    const roles = await client.call((c) => c.org.admin.role.init());
    expect(roles.created).toBeGreaterThan(3);
    await client.call((c) => c.org.admin.role.initSso());
    expect((await client.call((c) => c.org.admin.role.initSso())).created).toBe(0);
  });
});
