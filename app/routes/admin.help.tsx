import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useFetcher, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { formatDateTime } from "@base/format";
import { adminAction, adminLoad } from "~/components/admin/guard.server";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { Badge, Table, Td, Th } from "~/components/admin/table";
import { RichTextEditor } from "~/components/course/rich-text-editor";
import { useActionToast } from "~/components/course/use-action-toast";
import { Button } from "~/components/ui/button";
import { Card, EmptyState } from "~/components/ui/card";
import { Input } from "~/components/ui/input";

export const meta: MetaFunction = () => [{ title: "帮助文档管理 - 财云学院管理后台" }];

export const loader = ({ request }: LoaderFunctionArgs) => adminLoad(request, async (caller) => ({ list: await caller.help.admin.articles.list() }));

export const action = async ({ request }: ActionFunctionArgs) => {
  const form = Object.fromEntries(await request.formData()) as Record<string, string>;
  return adminAction(request, async (c) => {
    if (form.intent === "del") {
      await c.help.admin.articles.del({ id: form.id } as never);
      return "已删除";
    }
    await c.help.admin.articles.save({ id: form.id || undefined, title: form.title, category: form.category, content: form.content ?? "", sort: form.sort, published: form.published === "1" ? 1 : 0 } as never);
    return "已保存";
  });
};

type Article = ReturnType<typeof useLoaderData<typeof loader>>["list"][number];

function Editor({ article, onClose }: { article: Article | null; onClose: () => void }) {
  const fetcher = useFetcher<typeof action>();
  useActionToast(fetcher, onClose);
  return (
    <Card className="mb-4 space-y-3 p-4">
      <h2 className="font-semibold">{article ? "编辑帮助文章" : "新增帮助文章"}</h2>
      <fetcher.Form method="post" className="space-y-3">
        {article && <input type="hidden" name="id" value={article.id} />}
        <div className="grid gap-3 md:grid-cols-[2fr_1fr_100px_120px]">
          <Input name="title" aria-label="标题" placeholder="标题，例如：如何报名考试" defaultValue={article?.title} maxLength={100} required />
          <Input name="category" aria-label="分类" placeholder="分类，例如：考试" defaultValue={article?.category} maxLength={30} required />
          <Input name="sort" aria-label="排序" type="number" min={0} max={9999} placeholder="排序" defaultValue={article?.sort ?? 0} />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="published" value="1" defaultChecked={article ? article.published === 1 : true} />
            发布
          </label>
        </div>
        <RichTextEditor name="content" initial={article?.content ?? ""} placeholder="请输入帮助正文" key={article?.id ?? "new"} />
        <div className="flex gap-2">
          <Button type="submit" disabled={fetcher.state !== "idle"}>保存</Button>
          <Button type="button" variant="outline" onClick={onClose}>取消</Button>
        </div>
      </fetcher.Form>
    </Card>
  );
}

export default function AdminHelp() {
  const { list } = useLoaderData<typeof loader>();
  const [editing, setEditing] = useState<Article | null | "new">(null);
  const del = useFetcher<typeof action>();
  useActionToast(del);
  return (
    <div>
      <PageHeader title="帮助文档管理" trail="互动 / 帮助文档">
        <Button onClick={() => setEditing("new")}>新增文章</Button>
      </PageHeader>
      {editing && <Editor article={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
      <Card className="p-0">
        {list.length ? (
          <Table>
            <thead>
              <tr>
                <Th>排序</Th>
                <Th>标题</Th>
                <Th>分类</Th>
                <Th>状态</Th>
                <Th>更新时间</Th>
                <Th>操作</Th>
              </tr>
            </thead>
            <tbody>
              {list.map((a) => (
                <tr key={a.id}>
                  <Td>{a.sort}</Td>
                  <Td>{a.title}</Td>
                  <Td>{a.category}</Td>
                  <Td>{a.published ? <Badge tone="green">已发布</Badge> : <Badge tone="gray">未发布</Badge>}</Td>
                  <Td className="text-xs">{formatDateTime(a.updateTime)}</Td>
                  <Td className="space-x-3">
                    <button type="button" className="text-primary" onClick={() => setEditing(a)}>编辑</button>
                    <del.Form method="post" className="inline" onSubmit={(e) => !confirm(`确定删除“${a.title}”吗？`) && e.preventDefault()}>
                      <input type="hidden" name="intent" value="del" />
                      <input type="hidden" name="id" value={a.id} />
                      <button type="submit" className="text-[#f53f3f]">删除</button>
                    </del.Form>
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        ) : (
          <EmptyState title="暂无帮助文章" hint="新增的文章发布后会出现在学员的“帮助与反馈”页" />
        )}
      </Card>
    </div>
  );
}

export const ErrorBoundary = AdminRouteError;
