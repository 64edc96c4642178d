import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useFetcher, useLoaderData, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { badInput } from "@base/errors";
import { ConfirmDialog, type ConfirmRequest } from "~/components/admin/confirm-dialog";
import { formatTime } from "~/components/admin/format";
import { adminAction, adminLoad } from "~/components/admin/guard.server";
import { Pager } from "~/components/admin/pager";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { Badge, Table, Td, Th } from "~/components/admin/table";
import { useSelection } from "~/components/admin/use-selection";
import { RepliesDialog, TextDialog } from "~/components/comment/admin-dialogs";
import { COMMENT_MAX } from "~/components/comment/course-comments";
import { useActionToast } from "~/components/course/use-action-toast";
import { Button } from "~/components/ui/button";
import { Card, EmptyState } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { useRefresh } from "~/lib/use-refresh";
import { cn } from "~/lib/utils";
import { FilterSelect } from "~/components/admin/filter-select";

export const meta: MetaFunction = () => [{ title: "评论管理 - 财云学院管理后台" }];

const PAGE_SIZE = 15;

export const loader = ({ request }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    const sp = new URL(request.url).searchParams;
    const tab = sp.get("tab") === "bans" ? "bans" : "comments";
    const filters = { courseId: sp.get("courseId") ?? "", keyword: sp.get("keyword") ?? "", status: sp.get("status") ?? "" };
    const pageNo = sp.get("page") ?? undefined;
    if (tab === "bans") {
      const bans = await caller.comment.admin.bans({ keyword: filters.keyword, pageNo, pageSize: PAGE_SIZE } as never);
      return { tab, filters, bans, page: null, courses: [] };
    }
    const [page, courses] = await Promise.all([
      caller.comment.admin.page({ courseId: filters.courseId, keyword: filters.keyword, status: filters.status, pageNo, pageSize: PAGE_SIZE } as never),
      caller.comment.admin.courses(),
    ]);
    return { tab, filters, page, bans: null, courses };
  });

export const action = ({ request }: ActionFunctionArgs) =>
  adminAction(request, async (caller) => {
    const form = await request.formData();
    const intent = String(form.get("intent") ?? "");
    const ids = String(form.get("ids") ?? "").split(",").filter(Boolean) as never;
    const id = String(form.get("id") ?? "") as never;
    const text = String(form.get("text") ?? "");
    if (intent === "show") return `已显示 ${(await caller.comment.admin.setStatus({ ids, status: 1 })).count} 条评论`;
    if (intent === "hide") return `已隐藏 ${(await caller.comment.admin.setStatus({ ids, status: 0 })).count} 条评论`;
    if (intent === "delete") return `已删除 ${(await caller.comment.admin.del({ ids })).count} 条评论`;
    if (intent === "top") return (await caller.comment.admin.top({ id, top: 1 }), "已置顶");
    if (intent === "untop") return (await caller.comment.admin.top({ id, top: 0 }), "已取消置顶");
    if (intent === "reply") return (await caller.comment.admin.reply({ commentId: id, content: text }), "回复成功");
    if (intent === "ban") return (await caller.comment.admin.ban({ userId: id, remark: text }), "已禁言，该用户将无法发表评论");
    if (intent === "unban") return (await caller.comment.admin.unban({ userId: id }), "已解除禁言");
    if (intent === "remark") return (await caller.comment.admin.banRemark({ userId: id, remark: text }), "备注已保存");
    throw badInput("未知的操作");
  });

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type Row = NonNullable<Data["page"]>["list"][number];
type Ban = NonNullable<Data["bans"]>["list"][number];
type Editing = { kind: "reply"; row: Row } | { kind: "ban"; row: Row } | { kind: "remark"; ban: Ban } | null;

export default function AdminComments() {
  const { tab, filters, page, bans, courses } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const fetcher = useFetcher<typeof action>();
  const refresh = useRefresh();
  const busy = fetcher.state !== "idle";
  const rows = page?.list ?? [];
  const selection = useSelection(rows.map((r) => r.id), [tab, page?.pageNo, page?.total, filters.courseId, filters.keyword, filters.status]);
  const [confirm, setConfirm] = useState<(ConfirmRequest & { intent: string; ids?: number[]; id?: number }) | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  useActionToast(fetcher, () => {
    setConfirm(null);
    setEditing(null);
    selection.clear();
  });
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok) setConfirm(null);
  }, [fetcher.state, fetcher.data]);

  const submit = (values: Record<string, string | number>) => fetcher.submit(values, { method: "post" });
  const picked = rows.filter((r) => selection.has(r.id));
  const hrefFor = (n: number) => {
    const q = new URLSearchParams(params);
    q.set("page", String(n));
    return `?${q}`;
  };
  const askDelete = (list: Row[]) =>
    setConfirm({
      intent: "delete",
      ids: list.map((r) => r.id),
      title: list.length === 1 ? "删除这条评论？" : `删除选中的 ${list.length} 条评论？`,
      description: "删除后学员将不再看到评论及其回复，不可恢复。",
      confirmText: "删除",
      danger: true,
    });

  return (
    <>
      <PageHeader title="评论管理" trail="互动 / 评论" />
      <div className="mb-3 flex gap-2" role="tablist">
        {(
          [
            ["comments", "评论列表"],
            ["bans", "禁言用户"],
          ] as const
        ).map(([key, label]) => (
          <Link
            key={key}
            role="tab"
            aria-selected={tab === key}
            to={key === "bans" ? "?tab=bans" : "?"}
            className={cn("rounded-md px-4 py-1.5 text-sm", tab === key ? "bg-primary text-white" : "bg-white text-[#4e5969] hover:text-primary")}
          >
            {label}
          </Link>
        ))}
      </div>
      {tab === "comments" && page ? (
        <Card className="p-4">
          <div className="mb-4 flex flex-wrap items-center gap-3">
            <Form method="get" className="flex flex-wrap gap-3">
              <FilterSelect name="courseId" label="课程" allLabel="全部课程" defaultValue={filters.courseId} options={courses.map((c) => ({ value: c.id, label: c.name }))} className="max-w-60" />
              <Input name="keyword" defaultValue={filters.keyword} placeholder="搜索评论内容或用户" aria-label="搜索评论内容或用户" className="w-56" maxLength={50} />
              <FilterSelect name="status" label="状态" allLabel="全部状态" defaultValue={filters.status} options={[{ value: 1, label: "显示" }, { value: 0, label: "隐藏" }]} />
              <Button type="submit" variant="secondary">查询</Button>
            </Form>
            <Button size="sm" variant="outline" disabled={!picked.length || busy} onClick={() => submit({ intent: "show", ids: picked.map((r) => r.id).join(",") })}>批量显示</Button>
            <Button size="sm" variant="outline" disabled={!picked.length || busy} onClick={() => submit({ intent: "hide", ids: picked.map((r) => r.id).join(",") })}>批量隐藏</Button>
            <Button size="sm" variant="outline" disabled={!picked.length || busy} onClick={() => askDelete(picked)}>
              批量删除{picked.length ? `（${picked.length}）` : ""}
            </Button>
          </div>
          {rows.length ? (
            <Table>
              <thead>
                <tr>
                  <Th className="w-10">
                    <input type="checkbox" aria-label="全选本页" checked={selection.page === true} onChange={(e) => selection.setPage(e.target.checked)} />
                  </Th>
                  <Th>评论内容</Th>
                  <Th>课程</Th>
                  <Th>评论人</Th>
                  <Th>状态</Th>
                  <Th>点赞 / 回复</Th>
                  <Th>评论时间</Th>
                  <Th>操作</Th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.id} data-comment={r.content}>
                    <Td>
                      <input type="checkbox" aria-label={`选择评论${r.id}`} checked={selection.has(r.id)} onChange={(e) => selection.toggle(r.id, e.target.checked)} />
                    </Td>
                    <Td className="max-w-[220px]">
                      <p className="truncate" title={r.content}>
                        {r.isTop ? <span className="mr-1 text-xs text-[#ff7d00]">[置顶]</span> : null}
                        {r.content}
                      </p>
                    </Td>
                    <Td className="max-w-[140px] truncate" title={r.courseName}>{r.courseName}</Td>
                    <Td>
                      <span className="block">{r.nick}</span>
                      <span className="text-xs text-muted">{r.loginName}</span>
                      {r.isBan ? <span className="ml-1"><Badge tone="red">已禁言</Badge></span> : null}
                    </Td>
                    <Td>{r.status === 1 ? <Badge tone="green">显示</Badge> : <Badge tone="gray">隐藏</Badge>}</Td>
                    <Td>{r.likeCount} / {r.replyCount}</Td>
                    <Td className="text-[#4e5969]">{formatTime(r.createTime)}</Td>
                    <Td>
                      <div className="flex gap-2 text-sm">
                        <button type="button" className="text-primary" disabled={busy} onClick={() => submit({ intent: r.status === 1 ? "hide" : "show", ids: String(r.id) })}>
                          {r.status === 1 ? "隐藏" : "显示"}
                        </button>
                        <button type="button" className="text-primary" disabled={busy} onClick={() => submit({ intent: r.isTop ? "untop" : "top", id: r.id })}>
                          {r.isTop ? "取消置顶" : "置顶"}
                        </button>
                        <button type="button" className="text-primary" onClick={() => setEditing({ kind: "reply", row: r })}>回复</button>
                        <button type="button" className="text-primary" onClick={() => setViewing(r.id)}>查看回复</button>
                        {r.isBan ? (
                          <button type="button" className="text-primary" disabled={busy} onClick={() => submit({ intent: "unban", id: r.userId })}>解除禁言</button>
                        ) : (
                          <button type="button" className="text-danger" onClick={() => setEditing({ kind: "ban", row: r })}>禁言</button>
                        )}
                        <button type="button" className="text-danger" onClick={() => askDelete([r])}>删除</button>
                      </div>
                    </Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          ) : (
            <EmptyState title={filters.courseId || filters.keyword || filters.status ? "没有符合条件的评论" : "还没有评论"} hint="学员在课程详情页的「评论」中发表的评论会显示在这里" />
          )}
          <div className="mt-4">
            <Pager total={page.total} pageNo={page.pageNo} pageSize={page.pageSize} hrefFor={hrefFor} />
          </div>
        </Card>
      ) : null}
      {tab === "bans" && bans ? (
        <Card className="p-4">
          <Form method="get" className="mb-4 flex gap-3">
            <input type="hidden" name="tab" value="bans" />
            <Input name="keyword" defaultValue={filters.keyword} placeholder="搜索昵称或登录名" aria-label="搜索昵称或登录名" className="w-56" maxLength={50} />
            <Button type="submit" variant="secondary">查询</Button>
          </Form>
          {bans.list.length ? (
            <Table>
              <thead>
                <tr>
                  <Th>用户</Th>
                  <Th>备注</Th>
                  <Th>禁言时间</Th>
                  <Th>操作</Th>
                </tr>
              </thead>
              <tbody>
                {bans.list.map((b) => (
                  <tr key={b.userId} data-ban={b.loginName}>
                    <Td>
                      {b.nick}
                      <span className="ml-1 text-xs text-muted">{b.loginName}</span>
                    </Td>
                    <Td className="max-w-[320px] truncate" title={b.remark}>{b.remark || "-"}</Td>
                    <Td className="text-[#4e5969]">{formatTime(b.createTime)}</Td>
                    <Td>
                      <div className="flex gap-3 text-sm">
                        <button type="button" className="text-primary" onClick={() => setEditing({ kind: "remark", ban: b })}>编辑备注</button>
                        <button
                          type="button"
                          className="text-primary"
                          onClick={() => setConfirm({ intent: "unban", id: b.userId, title: `解除「${b.nick}」的禁言？`, description: "解除后该用户可以重新发表评论。", confirmText: "解除禁言" })}
                        >
                          解除禁言
                        </button>
                      </div>
                    </Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          ) : (
            <EmptyState title={filters.keyword ? "没有符合条件的禁言用户" : "暂无禁言用户"} hint="在评论列表中点击「禁言」可禁止该用户发表评论" />
          )}
          <div className="mt-4">
            <Pager total={bans.total} pageNo={bans.pageNo} pageSize={bans.pageSize} hrefFor={hrefFor} />
          </div>
        </Card>
      ) : null}
      <ConfirmDialog
        request={confirm}
        busy={busy}
        onCancel={() => setConfirm(null)}
        onConfirm={() => confirm && submit(confirm.ids ? { intent: confirm.intent, ids: confirm.ids.join(",") } : { intent: confirm.intent, id: confirm.id ?? 0 })}
      />
      <TextDialog
        open={editing?.kind === "reply"}
        title="回复评论"
        description={editing?.kind === "reply" ? editing.row.content : undefined}
        label="回复内容"
        max={COMMENT_MAX}
        required
        busy={busy}
        onCancel={() => setEditing(null)}
        onSubmit={(text) => editing?.kind === "reply" && submit({ intent: "reply", id: editing.row.id, text })}
      />
      <TextDialog
        open={editing?.kind === "ban"}
        title={editing?.kind === "ban" ? `禁言「${editing.row.nick}」` : "禁言"}
        description="禁言后该用户将无法在任何课程发表评论。"
        label="备注（选填）"
        max={200}
        busy={busy}
        onCancel={() => setEditing(null)}
        onSubmit={(text) => editing?.kind === "ban" && submit({ intent: "ban", id: editing.row.userId, text })}
      />
      <TextDialog
        open={editing?.kind === "remark"}
        title="编辑备注"
        label="备注"
        initial={editing?.kind === "remark" ? editing.ban.remark : ""}
        max={200}
        busy={busy}
        onCancel={() => setEditing(null)}
        onSubmit={(text) => editing?.kind === "remark" && submit({ intent: "remark", id: editing.ban.userId, text })}
      />
      <RepliesDialog commentId={viewing} onClose={() => setViewing(null)} onChanged={refresh} />
    </>
  );
}

export const ErrorBoundary = AdminRouteError;
