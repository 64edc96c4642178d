import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useFetcher, useLoaderData, useNavigate, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { badInput } from "@base/errors";
import { formatDateTime } from "@base/format";
import { ConfirmDialog, type ConfirmRequest } from "~/components/admin/confirm-dialog";
import { FilterSelect } from "~/components/admin/filter-select";
import { FRAUD_STATUS, FraudDetailDialog, fraudTone, ScoreText } from "~/components/admin/fraud/fraud-detail";
import { adminAction, adminLoad } from "~/components/admin/guard.server";
import { Pager } from "~/components/admin/pager";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { Badge, Table, Td, Th } from "~/components/admin/table";
import { useActionToast } from "~/components/course/use-action-toast";
import { Button } from "~/components/ui/button";
import { Card, EmptyState } from "~/components/ui/card";
import { Input } from "~/components/ui/input";

export const meta: MetaFunction = () => [{ title: "防作弊 - 财云学院管理后台" }];
const PAGE_SIZE = 15;

export const loader = ({ request }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    const sp = new URL(request.url).searchParams;
    const filters = { examName: sp.get("examName") ?? "", name: sp.get("name") ?? "", status: sp.get("status") ?? "", examId: sp.get("examId") ?? "" };
    const page = await caller.exam.admin.fraud.search({
      examName: filters.examName || undefined,
      name: filters.name || undefined,
      status: filters.status === "" ? undefined : Number(filters.status),
      examId: filters.examId ? Number(filters.examId) : undefined,
      pageNo: Number(sp.get("page")) || 1,
      pageSize: PAGE_SIZE,
    });
    const open = Number(sp.get("detail"));
    const detail = open > 0 ? await caller.exam.admin.fraud.detail({ id: open }) : null;
    return { page, filters, detail };
  });

export const action = ({ request }: ActionFunctionArgs) =>
  adminAction(request, async (caller) => {
    const form = await request.formData();
    const intent = String(form.get("intent"));
    const id = Number(form.get("id"));
    const remark = String(form.get("remark") ?? "").trim();
    if (intent === "remark") {
      await caller.exam.admin.fraud.remark({ id, remark });
      return "备注已保存";
    }
    if (intent === "confirm" || intent === "clear") {
      const status = intent === "confirm" ? 1 : 2;
      await caller.exam.admin.fraud.check({ id, status, remark: remark || undefined });
      return status === 1 ? "已确认作弊，成绩已作废并通知考生" : "已排除作弊，成绩有效并通知考生";
    }
    throw badInput("未知的操作");
  });

type Decision = ConfirmRequest & { intent: "confirm" | "clear"; id: number; remark: string };

/** /admin/fraud-checks: records raised by the fraud rules, their evidence and the review. */
export default function AdminFraudChecks() {
  const { page, filters, detail } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const fetcher = useFetcher<typeof action>();
  const busy = fetcher.state !== "idle";
  const [decision, setDecision] = useState<Decision | null>(null);
  useActionToast(fetcher, () => setDecision(null));

  const withParams = (edit: (q: URLSearchParams) => void) => {
    const q = new URLSearchParams(params);
    edit(q);
    return `?${q}`;
  };
  const hrefFor = (n: number) => withParams((q) => q.set("page", String(n)));
  const openDetail = (id: number) => navigate(withParams((q) => q.set("detail", String(id))), { preventScrollReset: true });
  const closeDetail = () => navigate(withParams((q) => q.delete("detail")), { preventScrollReset: true, replace: true });
  const submit = (intent: string, id: number, remark: string) => fetcher.submit({ intent, id: String(id), remark }, { method: "post" });
  const decide = (status: 1 | 2, remark: string) => {
    if (!detail) return;
    const who = `${detail.name}在「${detail.examName}」的答卷`;
    setDecision(
      status === 1
        ? { intent: "confirm", id: detail.id, remark, title: "确认作弊", description: `确认${who}存在作弊行为？确认后该次成绩作废，考试证书将被撤销，并以站内信通知考生。`, confirmText: "确认作弊", danger: true }
        : { intent: "clear", id: detail.id, remark, title: "排除作弊", description: `排除${who}的作弊嫌疑？${detail.status === 1 ? "已作废的成绩和撤销的证书将恢复，" : ""}并以站内信通知考生。`, confirmText: "排除作弊" },
    );
  };
  const filtered = !!(filters.examName || filters.name || filters.status || filters.examId);

  return (
    <div>
      <PageHeader title="防作弊" trail="考试管理 / 防作弊" />
      <Card className="p-4">
        <Form method="get" className="mb-4 flex flex-wrap items-center gap-3">
          <Input name="examName" defaultValue={filters.examName} placeholder="考试名称" aria-label="考试名称" className="w-56" maxLength={100} />
          <Input name="name" defaultValue={filters.name} placeholder="考生姓名或账号" aria-label="考生姓名或账号" className="w-48" maxLength={50} />
          <FilterSelect name="status" label="核查状态" allLabel="全部状态" defaultValue={filters.status} options={FRAUD_STATUS} />
          {filters.examId && <input type="hidden" name="examId" value={filters.examId} />}
          <Button type="submit" variant="secondary">
            查询
          </Button>
        </Form>
        {page.list.length ? (
          <Table>
            <thead>
              <tr>
                <Th>考生</Th>
                <Th>考试</Th>
                <Th>成绩</Th>
                <Th>疑似作弊原因</Th>
                <Th>状态</Th>
                <Th>申诉</Th>
                <Th>发现时间</Th>
                <Th>操作</Th>
              </tr>
            </thead>
            <tbody>
              {page.list.map((f) => (
                <tr key={f.id} data-testid="fraud-row" data-name={f.name}>
                  <Td>
                    <div className="font-medium">{f.name || "-"}</div>
                    <div className="text-xs text-muted">{f.userName}</div>
                  </Td>
                  <Td className="max-w-[220px]">
                    <span className="block truncate" title={f.examName}>
                      {f.examName}
                    </span>
                    <span className="text-xs text-muted">答卷 #{f.paperId}</span>
                  </Td>
                  <Td>
                    <ScoreText score={f.score} voided={f.voided} isPass={f.isPass} />
                  </Td>
                  <Td className="max-w-[280px] text-sm">{f.reason}</Td>
                  <Td>
                    <Badge tone={fraudTone(f.status)}>{f.statusName}</Badge>
                  </Td>
                  <Td className="max-w-[180px] text-sm">{f.appeal ? <span title={f.appeal} className="line-clamp-2">{f.appeal}</span> : <span className="text-muted">未申诉</span>}</Td>
                  <Td className="text-muted">{formatDateTime(f.createdAt)}</Td>
                  <Td>
                    <button type="button" className="text-sm text-primary" onClick={() => openDetail(f.id)} aria-label={`查看证据：${f.name}`}>
                      查看证据
                    </button>
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        ) : (
          <EmptyState title={filtered ? "没有符合条件的记录" : "暂无作弊核查记录"} hint="考生交卷时，切屏超限、人脸核验未通过或抓拍被标记可疑的答卷会自动进入这里" />
        )}
        <div className="mt-4 flex justify-end">
          <Pager total={page.total} pageNo={page.pageNo} pageSize={page.pageSize} hrefFor={hrefFor} />
        </div>
      </Card>
      <FraudDetailDialog
        detail={detail}
        busy={busy}
        onClose={closeDetail}
        onRemark={(remark) => detail && submit("remark", detail.id, remark)}
        onDecide={decide}
      />
      <ConfirmDialog request={decision} busy={busy} onConfirm={() => decision && submit(decision.intent, decision.id, decision.remark)} onCancel={() => setDecision(null)} />
    </div>
  );
}

export const ErrorBoundary = AdminRouteError;
