import { badInput } from "@base/errors";
import { adminAction, adminLoad } from "~/components/admin/guard.server";

type Lib = "courseware" | "media";

/** Loader of a library page: the page of items, its folders and the type options. */
export function loadLibrary(request: Request, lib: Lib) {
  return adminLoad(request, async (caller) => {
    const sp = new URL(request.url).searchParams;
    const num = (k: string) => Number(sp.get(k)) || undefined;
    const [page, tree, types] = await Promise.all([
      caller.material.admin[lib].pageList({ pageNo: num("page") ?? 1, pageSize: 15, keyword: sp.get("keyword") || undefined, fileType: num("fileType"), folderId: num("folderId") }),
      caller.material.admin.folder.tree({ kind: lib === "courseware" ? 1 : 2 }),
      caller.material.admin[lib].typeList(),
    ]);
    const folders: { id: number; name: string }[] = [];
    const walk = (nodes: typeof tree, prefix: string) => {
      for (const n of nodes) {
        folders.push({ id: n.id, name: prefix + n.name });
        walk(n.children, `${prefix}${n.name} / `);
      }
    };
    walk(tree, "");
    return { ...page, folders, types };
  });
}

/** Action of a library page: add, delete, batch move and delete. */
export async function libraryAction(request: Request, lib: Lib) {
  const form = await request.formData();
  const text = (k: string) => String(form.get(k) ?? "");
  return adminAction(request, async (caller) => {
    const intent = text("intent");
    if (intent === "add") {
      const item = await caller.material.admin[lib].add({ name: text("name"), url: text("url"), fileName: text("fileName") || undefined, folderId: text("folderId") || undefined, duration: text("duration") || undefined } as never);
      return `已保存「${item.name}」${item.duration ? `，时长 ${Math.floor(item.duration / 60)}分${item.duration % 60}秒` : ""}`;
    }
    if (intent === "delete") return (await caller.material.admin[lib].delete({ id: text("id") } as never), "已删除");
    if (intent === "deleteBatch") return (await caller.material.admin[lib].deleteBatch({ ids: text("ids") } as never), "已删除所选素材");
    if (intent === "batchUpdate") return (await caller.material.admin[lib].batchUpdate({ ids: text("ids"), folderId: text("folderId") } as never), "已移动所选素材");
    throw badInput("未知的操作");
  });
}
