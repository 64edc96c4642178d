import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useFetcher, useLoaderData, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { badInput } from "@base/errors";
import { ConfirmDialog, type ConfirmRequest } from "~/components/admin/confirm-dialog";
import { formatTime } from "~/components/admin/format";
import { adminAction, adminLoad } from "~/components/admin/guard.server";
import { AdminRouteError } from "~/components/admin/route-error";
import { adminToast } from "~/components/admin/toast";
import { PageHeader } from "~/components/admin/shell";
import { useActionToast } from "~/components/course/use-action-toast";
import { MessageForm } from "~/components/message/message-form";
import { BoundUsersPanel, DeliveredPanel } from "~/components/message/recipients-panel";
import { MessageStatusBadge } from "~/components/message/status";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { useRefresh } from "~/lib/use-refresh";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.message ? data.message.title : "新建站内信"} - 站内信管理 - 财云学院管理后台` }];

const RECIPIENT_PAGE = 10;

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    const sp = new URL(request.url).searchParams;
    const filters = { keyword: sp.get("rkw") ?? "", read: sp.get("rread") ?? "" };
    if (params.id === "new") return { message: null, recipients: null, filters };
    const message = await caller.message.admin.detail({ id: params.id } as never);
    const listed = message.status !== 0 || message.targetType === 3;
    const recipients = listed
      ? await caller.message.admin.recipients({ id: message.id, keyword: filters.keyword, isRead: message.status === 0 ? undefined : filters.read, pageNo: sp.get("rpage") ?? undefined, pageSize: RECIPIENT_PAGE } as never)
      : null;
    return { message, recipients, filters };
  });

export const action = async ({ request, params }: ActionFunctionArgs) => {
  const form = await request.formData();
  const text = (k: string) => String(form.get(k) ?? "");
  const intent = text("intent");
  const id = params.id === "new" ? undefined : Number(params.id);
  let jobId: number | undefined;
  let goTo: string | null = null;
  const result = await adminAction(request, async (caller) => {
    if (intent === "save") {
      const input = {
        id,
        title: text("title"),
        content: text("content"),
        linkUrl: text("linkUrl"),
        targetType: text("targetType"),
        kind: text("kind"),
        roleIds: form.getAll("roleIds").map(String),
        groupIds: form.getAll("groupIds").map(String),
        tagIds: form.getAll("tagIds").map(String),
        areaCodes: text("areaCodes"),
      } as never;
      if (!id) {
        const made = await caller.message.admin.add(input);
        goTo = `/admin/messages/${made.id}?created=1`;
        return "草稿已保存";
      }
      await caller.message.admin.modify(input);
      return "草稿已保存";
    }
    if (!id) throw badInput("请先保存草稿");
    if (intent === "send") {
      const r = await caller.message.admin.operate({ id, status: 1 });
      return r.delivered ? `已发送给 ${r.delivered} 名用户` : `没有新的接收用户，已发送 ${r.recipientCount} 人`;
    }
    if (intent === "withdraw") return `已撤回，${(await caller.message.admin.operate({ id, status: 2 })).withdrawn} 名用户将不再看到这条站内信`;
    if (intent === "copy") {
      goTo = `/admin/messages/${(await caller.message.admin.copy({ id })).id}?copied=1`;
      return "已复制为新的草稿";
    }
    if (intent === "delete") {
      await caller.message.admin.del({ id });
      goTo = "/admin/messages";
      return "已删除";
    }
    if (intent === "unbind") return `已移除 ${(await caller.message.admin.unbind({ id, userIds: text("userIds") } as never)).removed} 名接收用户`;
    if (intent === "import") {
      const file = form.get("file");
      if (!(file instanceof Blob) || !file.size) throw badInput("请选择要导入的 Excel 文件");
      const started = await caller.message.admin.importExcel({ id, file });
      jobId = started.jobId;
      return `已开始导入 ${started.total} 行`;
    }
    throw badInput("未知的操作");
  });
  if (goTo && result.ok) throw redirect(goTo);
  return { ...result, jobId };
};

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[110px_1fr] gap-3 py-1.5 text-sm">
      <span className="text-right text-[#86909c]">{label}</span>
      <div className="min-w-0 text-[#1d2129]">{children}</div>
    </div>
  );
}

const rangeSummary = (rows: { kind: string }[]) => {
  const n = (k: string) => rows.filter((r) => r.kind === k).length;
  return [["角色", n("role")], ["组织", n("group")], ["标签", n("tag")], ["地区", n("region")]]
    .filter(([, c]) => c)
    .map(([l, c]) => `${l} ${c} 个`)
    .join("、");
};

export default function AdminMessageEditor() {
  const { message, recipients, filters } = useLoaderData<typeof loader>();
  const [sp] = useSearchParams();
  const refresh = useRefresh();
  const save = useFetcher<typeof action>({ key: "message-save" });
  const act = useFetcher<typeof action>({ key: "message-act" });
  const [confirm, setConfirm] = useState<(ConfirmRequest & { intent: string }) | null>(null);
  useActionToast(save);
  useActionToast(act, () => setConfirm(null));
  useEffect(() => {
    if (act.state === "idle" && act.data && !act.data.ok) setConfirm(null);
  }, [act.state, act.data]);
  // Saving a new draft and copying land on this page by redirect: say so once.
  const landed = sp.get("created") ? "草稿已保存" : sp.get("copied") ? "已复制为新的草稿" : null;
  useEffect(() => {
    if (landed) adminToast.success(landed);
  }, [landed, message?.id]);
  const busy = act.state !== "idle";
  const hrefFor = (n: number) => {
    const q = new URLSearchParams(sp);
    q.set("rpage", String(n));
    return `?${q}`;
  };

  if (!message) {
    return (
      <div className="pb-10">
        <PageHeader title="新建站内信" trail="互动 / 站内信">
          <Button variant="outline" asChild>
            <Link to="/admin/messages">返回列表</Link>
          </Button>
        </PageHeader>
        <Card className="p-6">
          <MessageForm message={null} fetcher={save} />
        </Card>
      </div>
    );
  }

  const draft = message.status === 0;
  const who = message.targetType === 3 ? `指定的 ${message.expectedCount ?? message.boundCount} 名用户` : `${message.targetText}（当前 ${message.expectedCount ?? 0} 人）`;
  const ask = (intent: string) => {
    if (intent === "send") setConfirm({ intent, title: `发送「${message.title}」？`, description: `将发送给${who}，对方会在消息中心和页头消息提醒中看到。发送后内容不能再修改。`, confirmText: "确认发送" });
    if (intent === "withdraw")
      setConfirm({ intent, title: `撤回「${message.title}」？`, description: `撤回后 ${message.recipientCount} 名接收人将不再看到这条站内信，未读提醒同时消失。撤回后不能再次发送，可复制后重新发送。`, confirmText: "撤回", danger: true });
    if (intent === "delete") setConfirm({ intent, title: `删除「${message.title}」？`, description: "删除后不可恢复。", confirmText: "删除", danger: true });
  };
  const submit = (intent: string, extra: Record<string, string> = {}) => act.submit({ intent, ...extra }, { method: "post" });

  return (
    <div className="space-y-4 pb-10">
      <PageHeader title={message.title} trail="互动 / 站内信">
        <div className="flex items-center gap-3">
          <MessageStatusBadge status={message.status} text={message.statusText} />
          <Button variant="outline" asChild>
            <Link to="/admin/messages">返回列表</Link>
          </Button>
          <Button variant="outline" disabled={busy} onClick={() => submit("copy")}>
            复制
          </Button>
          {message.status !== 1 && (
            <Button variant="outline" className="hover:text-danger" disabled={busy} onClick={() => ask("delete")}>
              删除
            </Button>
          )}
          {draft && (
            <Button disabled={busy} onClick={() => ask("send")}>
              发送
            </Button>
          )}
          {message.status === 1 && (
            <Button variant="danger" disabled={busy} onClick={() => ask("withdraw")}>
              撤回
            </Button>
          )}
        </div>
      </PageHeader>

      {draft ? (
        <Card className="p-6">
          <h2 className="mb-4 text-base font-semibold">编辑草稿</h2>
          <MessageForm key={message.updateTime} message={message} fetcher={save} />
        </Card>
      ) : (
        <Card className="p-6" data-testid="message-summary">
          <h2 className="mb-3 text-base font-semibold">消息内容</h2>
          <Fact label="标题">{message.title}</Fact>
          <Fact label="内容">
            <p className="whitespace-pre-wrap break-words leading-6">{message.content}</p>
          </Fact>
          <Fact label="跳转链接">{message.linkUrl || "-"}</Fact>
          <Fact label="接收对象">
            {message.targetText}
            {message.targetType === 2 && <span className="ml-2 text-muted">{rangeSummary(message.openRange)}</span>}
          </Fact>
          <Fact label="发送时间">{formatTime(message.sentTime)}</Fact>
          {message.status === 2 && <Fact label="撤回时间">{formatTime(message.withdrawnTime)}</Fact>}
          <Fact label="创建人">{message.creatorName || "-"}</Fact>
        </Card>
      )}

      <Card className="p-6">
        <div className="mb-4 flex items-baseline justify-between">
          <h2 className="text-base font-semibold">{draft ? "接收用户" : "接收情况"}</h2>
          {!draft && (
            <div className="flex gap-6 text-sm" data-testid="read-stats">
              <span>
                接收 <b className="tabular-nums">{message.recipientCount}</b> 人
              </span>
              <span>
                已读 <b className="tabular-nums text-[#00b42a]">{message.readCount}</b> 人
              </span>
              <span>
                未读 <b className="tabular-nums text-[#ff7d00]">{message.unreadCount}</b> 人
              </span>
              {message.status === 2 && <span className="text-muted">已撤回，学员已看不到这条站内信</span>}
            </div>
          )}
        </div>
        {draft && message.targetType !== 3 && (
          <p className="text-sm text-[#4e5969]" data-testid="expected-count">
            接收对象为「{message.targetText}」，按当前条件发送将送达 <b className="tabular-nums">{message.expectedCount ?? 0}</b> 名已启用的用户（以发送时为准）。
          </p>
        )}
        {draft && message.targetType === 3 && recipients && (
          <BoundUsersPanel
            messageId={message.id}
            page={recipients}
            filters={{ keyword: filters.keyword }}
            hrefFor={hrefFor}
            onChanged={refresh}
            busy={busy}
            onRemove={(ids) => submit("unbind", { userIds: ids.join(",") })}
          />
        )}
        {!draft && recipients && <DeliveredPanel page={recipients} filters={filters} hrefFor={hrefFor} />}
      </Card>
      <ConfirmDialog request={confirm} busy={busy} onCancel={() => setConfirm(null)} onConfirm={() => confirm && submit(confirm.intent)} />
    </div>
  );
}

export const ErrorBoundary = AdminRouteError;
