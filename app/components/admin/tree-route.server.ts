import { badInput } from "@base/errors";
import { adminAction, adminLoad } from "./guard.server";

type Kind = "group" | "role";
const noun: Record<Kind, string> = { group: "组织", role: "角色" };

/** Loader of the groups and roles tree pages: the same tree procedures under two names. */
export const treeLoader = (kind: Kind, request: Request) => adminLoad(request, async (caller) => ({ tree: await caller.org.admin[kind].tree() }));

/** The tree pages' form actions, each a call of the kind's tree procedures. */
export const treeAction = (kind: Kind, request: Request) =>
  adminAction(request, async (caller) => {
    const f = Object.fromEntries(await request.formData()) as Record<string, string>;
    const t = caller.org.admin[kind];
    if (f.intent === "add") {
      const n = await t.add({ name: f.name, parentId: f.parentId || undefined } as never);
      return `已新增${noun[kind]}「${n.name}」`;
    }
    if (f.intent === "rename") {
      const n = await t.update({ id: f.id, name: f.name } as never);
      return `已重命名为「${n.name}」`;
    }
    if (f.intent === "move") {
      await t.move({ id: f.id, parentId: f.parentId || null, position: f.position || undefined } as never);
      return "已移动";
    }
    if (f.intent === "del") {
      await t.del({ id: f.id } as never);
      return "已删除";
    }
    if (f.intent === "init" || f.intent === "initSso") {
      const r = f.intent === "init" ? await t.init() : await t.initSso();
      return `初始化完成：新增 ${r.created} 个，更新 ${r.updated} 个`;
    }
    throw badInput("未知的操作");
  });
