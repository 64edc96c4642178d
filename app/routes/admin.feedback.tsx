import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { formatDateTime } from "@base/format";
import { adminLoad } from "~/components/admin/guard.server";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { Badge, Table, Td, Th } from "~/components/admin/table";
import { adminToast } from "~/components/admin/toast";
import { Button } from "~/components/ui/button";
import { Card, EmptyState } from "~/components/ui/card";
import { errorMessage, trpc } from "~/lib/trpc";
import { useRefresh } from "~/lib/use-refresh";
import { cn } from "~/lib/utils";

export const meta: MetaFunction = () => [{ title: "意见反馈管理 - 财云学院管理后台" }];

const TABS = [
  { value: "0", label: "待处理" },
  { value: "1", label: "已回复" },
  { value: "2", label: "已关闭" },
  { value: "", label: "全部" },
];
const TONE = { 0: "orange", 1: "green", 2: "gray" } as const;

export const loader = ({ request }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    const sp = new URL(request.url).searchParams;
    const status = sp.get("status") ?? "0";
    const feedbackId = Number(sp.get("feedbackId")) || 0;
    const page = await caller.help.admin.feedback.page({ status: status === "" ? undefined : Number(status), pageSize: 50 });
    const thread = feedbackId ? await caller.help.admin.feedback.detail({ feedbackId }) : null;
    return { status, page, thread };
  });

export default function AdminFeedback() {
  const { status, page, thread } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const refresh = useRefresh();
  const [reply, setReply] = useState("");
  const [busy, setBusy] = useState(false);
  const link = (patch: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) next.set(k, v);
    return `?${next.toString()}`;
  };
  async function run(call: () => Promise<unknown>, ok: string) {
    setBusy(true);
    try {
      await call();
      adminToast.success(ok);
      setReply("");
      refresh();
    } catch (e) {
      adminToast.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div>
      <PageHeader title="意见反馈管理" trail="互动 / 意见反馈" />
      <div className="mb-3 flex gap-2">
        {TABS.map((t) => (
          <Link key={t.value || "all"} to={`?status=${t.value}`} className={cn("rounded-md px-3 py-1.5 text-sm", status === t.value ? "bg-primary text-white" : "bg-white text-[#4e5969]")}>
            {t.label}
            {t.value !== "" && ` (${page.counts[Number(t.value)] ?? 0})`}
          </Link>
        ))}
      </div>
      <div className="grid gap-4 xl:grid-cols-[1fr_480px]">
        <Card className="p-0">
          {page.list.length ? (
            <Table>
              <thead>
                <tr>
                  <Th>学员</Th>
                  <Th>反馈内容</Th>
                  <Th>提交时间</Th>
                  <Th>状态</Th>
                  <Th>操作</Th>
                </tr>
              </thead>
              <tbody>
                {page.list.map((f) => (
                  <tr key={f.feedbackId} className={cn(thread?.feedbackId === f.feedbackId && "bg-primary-50")}>
                    <Td>
                      {f.nick}
                      <div className="text-xs text-muted">{f.mobile}</div>
                    </Td>
                    <Td>
                      <span className="inline-block max-w-[360px] truncate align-middle">{f.content}</span>
                      {f.imageCount > 0 && <span className="ml-1 text-xs text-muted">[截图{f.imageCount}]</span>}
                    </Td>
                    <Td className="text-xs">{formatDateTime(f.createTime)}</Td>
                    <Td>
                      <Badge tone={TONE[f.status as 0 | 1 | 2] ?? "gray"}>{f.statusName}</Badge>
                    </Td>
                    <Td>
                      <Link to={link({ feedbackId: String(f.feedbackId) })} className="text-primary">
                        查看
                      </Link>
                    </Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          ) : (
            <EmptyState title="暂无反馈" />
          )}
        </Card>
        {thread && (
          <Card className="p-4" data-testid="admin-feedback-thread">
            <div className="mb-3 flex items-center justify-between">
              <h2 className="font-semibold">反馈详情</h2>
              <Badge tone={TONE[thread.status as 0 | 1 | 2] ?? "gray"}>{thread.statusName}</Badge>
            </div>
            <ul className="space-y-3">
              {thread.messages.map((m) => (
                <li key={m.id} className={cn("rounded-md p-3 text-sm", m.fromAdmin ? "bg-primary-50" : "bg-[#f7f8fa]")}>
                  <div className="mb-1 flex justify-between text-xs text-muted">
                    <span>{m.fromAdmin ? "平台客服" : m.nick}</span>
                    <span>{formatDateTime(m.createTime)}</span>
                  </div>
                  <p className="whitespace-pre-wrap">{m.content}</p>
                  {m.images.length > 0 && (
                    <div className="mt-2 flex flex-wrap gap-2">
                      {m.images.map((src) => (
                        <a key={src} href={src} target="_blank" rel="noreferrer">
                          <img src={src} alt="反馈截图" className="h-20 w-20 rounded border border-border object-cover" />
                        </a>
                      ))}
                    </div>
                  )}
                </li>
              ))}
            </ul>
            {thread.status !== 2 && (
              <div className="mt-4 space-y-2">
                <textarea aria-label="回复内容" value={reply} maxLength={1000} onChange={(e) => setReply(e.target.value)} placeholder="回复学员…" className="min-h-24 w-full rounded-md border border-border p-3 text-sm" />
                <div className="flex gap-2">
                  <Button disabled={busy || !reply.trim()} onClick={() => run(() => trpc.help.admin.feedback.reply.mutate({ feedbackId: thread.feedbackId, content: reply }), "已回复，学员将收到站内信")}>
                    回复
                  </Button>
                  <Button variant="outline" disabled={busy} onClick={() => run(() => trpc.help.admin.feedback.close.mutate({ feedbackId: thread.feedbackId }), "已关闭")}>
                    关闭反馈
                  </Button>
                </div>
              </div>
            )}
          </Card>
        )}
      </div>
    </div>
  );
}

export const ErrorBoundary = AdminRouteError;
