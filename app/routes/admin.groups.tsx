import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { badInput } from "@trpc-app/errors";
import { adminAction, adminLoad } from "~/components/admin/guard.server";
import { AdminRouteError } from "~/components/admin/route-error";
import { TreePage } from "~/components/admin/tree-page";

export const meta: MetaFunction = () => [{ title: "组织管理 - 财云学院管理后台" }];

export const loader = ({ request }: LoaderFunctionArgs) => adminLoad(request, async (caller) => ({ tree: await caller.org.group.tree() }));

export const action = ({ request }: ActionFunctionArgs) =>
  adminAction(request, async (caller) => {
    const f = Object.fromEntries(await request.formData()) as Record<string, string>;
    const t = caller.org.group;
    if (f.intent === "add") {
      const n = await t.add({ name: f.name, parentId: f.parentId || undefined } as never);
      return `已新增组织「${n.name}」`;
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

export default function AdminGroups() {
  const { tree } = useLoaderData<typeof loader>();
  return <TreePage kind="group" tree={tree} />;
}

export const ErrorBoundary = AdminRouteError;
