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
import { adminToast } from "~/components/admin/toast";
import { useSelection } from "~/components/admin/use-selection";
import { downloadFile } from "~/components/course/download";
import { LearnerPickDialog } from "~/components/course/learner-pick-dialog";
import { useActionToast } from "~/components/course/use-action-toast";
import { Button } from "~/components/ui/button";
import { Card, EmptyState } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { formatDuration, formatMoney } from "@base/format";
import { trpc } from "~/lib/trpc";
import { FilterSelect } from "~/components/admin/filter-select";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.course.name ? `${data.course.name} - ` : ""}学员管理 - 财云学院管理后台` }];
const PAGE_SIZE = 15;

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    const sp = new URL(request.url).searchParams;
    const courseId = Number(params.id);
    const filters = { keyword: sp.get("keyword") ?? "", completed: sp.get("completed") ?? "" };
    const [course, page, result] = await Promise.all([
      caller.course.admin.getOne({ id: params.id } as never),
      caller.course.admin.learners.page({
        courseId,
        keyword: filters.keyword || undefined,
        completed: filters.completed === "" ? undefined : Number(filters.completed),
        pageNo: Number(sp.get("page")) || 1,
        pageSize: PAGE_SIZE,
      }),
      caller.course.admin.learners.result({ courseId }),
    ]);
    return { course: { id: course.id, name: course.name, isFree: course.isFree, price: course.price }, page, result, filters };
  });

export const action = async ({ request, params }: ActionFunctionArgs) => {
  const form = await request.formData();
  const courseId = Number(params.id);
  const userIds = String(form.get("userIds") ?? "")
    .split(",")
    .filter(Boolean)
    .map(Number);
  return adminAction(request, async (caller) => {
    const intent = String(form.get("intent"));
    if (intent === "add") {
      const { added } = await caller.course.admin.learners.add({ courseId, userIds });
      return added ? `已添加 ${added} 名学员` : "所选用户已在本课程中";
    }
    if (intent === "del") return `已移除 ${(await caller.course.admin.learners.del({ courseId, userIds })).removed} 名学员`;
    if (intent === "finishPay") return `已为 ${(await caller.course.admin.learners.finishPay({ courseId, userIds })).updated} 名学员确认缴费`;
    throw badInput("未知的操作");
  });
};

const SOURCE: Record<string, string> = { join: "自主加入", admin: "后台添加", order: "购买", redeem: "兑换" };

export default function CourseLearners() {
  const { course, page, result, filters } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const fetcher = useFetcher<typeof action>();
  const [picking, setPicking] = useState(false);
  const [confirm, setConfirm] = useState<(ConfirmRequest & { intent: string; userIds: number[] }) | null>(null);
  const busy = fetcher.state !== "idle";
  const selection = useSelection(page.list.map((r) => r.userId), [page.pageNo, page.total, filters.keyword, filters.completed]);
  useActionToast(fetcher, () => {
    setPicking(false);
    setConfirm(null);
    selection.clear();
  });
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok) setConfirm(null);
  }, [fetcher.state, fetcher.data]);

  const paid = !course.isFree;
  const submit = (intent: string, userIds: number[]) => fetcher.submit({ intent, userIds: userIds.join(",") }, { method: "post" });
  const askRemove = (userIds: number[], who: string) =>
    setConfirm({ intent: "del", userIds, title: "移除学员", description: `确定将${who}移出「${course.name}」吗？移除后其学习进度将一并清除。`, confirmText: "移除", danger: true });
  const askPay = (userIds: number[], who: string) =>
    setConfirm({ intent: "finishPay", userIds, title: "确认缴费", description: `确认${who}已线下缴费（¥${formatMoney(course.price)}/人）？确认后即可学习本课程。`, confirmText: "确认缴费" });

  async function exportResult() {
    try {
      downloadFile(await trpc.course.admin.learners.exportResult.query({ courseId: course.id }));
    } catch {
      adminToast.error("导出失败，请稍后再试");
    }
  }
  const hrefFor = (n: number) => {
    const q = new URLSearchParams(params);
    q.set("page", String(n));
    return `?${q}`;
  };
  const selectedRows = page.list.filter((r) => selection.has(r.userId));

  return (
    <div className="pb-10">
      <PageHeader title={`学员管理 · ${course.name}`} trail="内容 / 课程 / 学员">
        <div className="flex gap-2">
          <Button variant="outline" asChild><Link to={`/admin/courses/${course.id}`}>返回课程</Link></Button>
          <Button variant="outline" onClick={exportResult}>导出学习情况</Button>
          <Button onClick={() => setPicking(true)}>添加学员</Button>
        </div>
      </PageHeader>
      <div className="mb-4 grid grid-cols-4 gap-3">
        {[
          ["加入人数", String(result.joinedNum)],
          ["已完成", String(result.completedNum)],
          ["平均进度", `${result.avgProgress}%`],
          ["累计学习时长", formatDuration(result.learnSeconds)],
        ].map(([l, n]) => (
          <Card key={l} className="px-4 py-3"><p className="text-xs text-muted">{l}</p><p className="mt-1 text-xl font-semibold">{n}</p></Card>
        ))}
      </div>
      <Card className="p-4">
        <div className="mb-4 flex items-center justify-between gap-3">
          <Form method="get" className="flex gap-3">
            <Input name="keyword" defaultValue={filters.keyword} placeholder="账号、昵称或手机号" className="w-64" aria-label="关键词" maxLength={40} />
            <FilterSelect name="completed" label="完成状态" allLabel="全部状态" defaultValue={filters.completed} options={[{ value: 1, label: "已完成" }, { value: 0, label: "未完成" }]} />
            <Button type="submit" variant="secondary">查询</Button>
          </Form>
          {selectedRows.length > 0 && (
            <div className="flex items-center gap-2 text-sm" data-testid="learner-batch">
              <span className="text-muted">已选 {selectedRows.length} 人</span>
              {paid && selectedRows.some((r) => r.payStatus === 0) && (
                <Button size="sm" variant="secondary" onClick={() => askPay(selectedRows.filter((r) => r.payStatus === 0).map((r) => r.userId), `所选 ${selectedRows.filter((r) => r.payStatus === 0).length} 名待缴费学员`)}>
                  批量确认缴费
                </Button>
              )}
              <Button size="sm" variant="danger" onClick={() => askRemove(selectedRows.map((r) => r.userId), `所选 ${selectedRows.length} 名学员`)}>批量移除</Button>
            </div>
          )}
        </div>
        {page.list.length ? (
          <Table>
            <thead>
              <tr>
                <Th className="w-10">
                  <input type="checkbox" aria-label="全选本页" checked={selection.page === true} onChange={(e) => selection.setPage(e.target.checked)} />
                </Th>
                <Th>学员</Th><Th>手机号</Th><Th>来源</Th>{paid && <Th>缴费</Th>}<Th>学习进度</Th><Th>学习时长</Th><Th>状态</Th><Th>加入时间</Th><Th>最近学习</Th><Th>操作</Th>
              </tr>
            </thead>
            <tbody>
              {page.list.map((r) => (
                <tr key={r.userId} data-testid="learner-row">
                  <Td><input type="checkbox" aria-label={`选择${r.nick}`} checked={selection.has(r.userId)} onChange={(e) => selection.toggle(r.userId, e.target.checked)} /></Td>
                  <Td><div className="font-medium">{r.nick}</div><div className="text-xs text-muted">{r.loginName}</div></Td>
                  <Td>{r.mobile || "-"}</Td>
                  <Td>{SOURCE[r.source] ?? r.source}</Td>
                  {paid && <Td>{r.payStatus === 1 ? <Badge tone="green">已缴费</Badge> : <Badge tone="orange">待缴费</Badge>}</Td>}
                  <Td>
                    <div className="flex items-center gap-2">
                      <div className="h-1.5 w-24 overflow-hidden rounded bg-[#e5e6eb]" role="progressbar" aria-valuenow={r.progress} aria-valuemin={0} aria-valuemax={100}>
                        <div className="h-full bg-primary" style={{ width: `${r.progress}%` }} />
                      </div>
                      <span className="text-xs">{r.progress}%</span>
                    </div>
                  </Td>
                  <Td>{formatDuration(r.learnSeconds)}</Td>
                  <Td>{r.completed ? <Badge tone="green">已完成</Badge> : r.progress > 0 || r.lastLearnTime ? <Badge tone="blue">学习中</Badge> : <Badge tone="gray">未开始</Badge>}</Td>
                  <Td className="text-muted">{formatTime(r.joinTime)}</Td>
                  <Td className="text-muted">{formatTime(r.lastLearnTime)}</Td>
                  <Td>
                    <div className="flex gap-3">
                      {paid && r.payStatus === 0 && <button type="button" className="text-primary" onClick={() => askPay([r.userId], `「${r.nick}」`)}>确认缴费</button>}
                      <button type="button" className="text-danger" onClick={() => askRemove([r.userId], `「${r.nick}」`)}>移除</button>
                    </div>
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        ) : (
          <EmptyState title={filters.keyword || filters.completed ? "没有符合条件的学员" : "还没有学员加入这门课程"} hint="可以点击右上角「添加学员」直接为用户开通" />
        )}
        <div className="mt-4 flex justify-end">
          <Pager total={page.total} pageNo={page.pageNo} pageSize={page.pageSize} hrefFor={hrefFor} />
        </div>
      </Card>
      {paid && <p className="mt-3 text-xs text-muted">付费课程：后台添加的学员需「确认缴费」后才能学习。</p>}
      <LearnerPickDialog open={picking} busy={busy} onClose={() => setPicking(false)} onPick={(ids) => submit("add", ids)} />
      <ConfirmDialog request={confirm} busy={busy} onCancel={() => setConfirm(null)} onConfirm={() => confirm && submit(confirm.intent, confirm.userIds)} />
    </div>
  );
}

export const ErrorBoundary = AdminRouteError;
