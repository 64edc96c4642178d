import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { adminLoad } from "~/components/admin/guard.server";
import { Pager } from "~/components/admin/pager";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { Badge, Table, Td, Th } from "~/components/admin/table";
import { adminToast } from "~/components/admin/toast";
import { downloadFile } from "~/components/course/download";
import { UserPickerDialog, type PickedUser } from "~/components/org/user-picker-dialog";
import { Button } from "~/components/ui/button";
import { Card, EmptyState } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { formatDateTime, formatDuration } from "@base/format";
import { errorMessage, trpc } from "~/lib/trpc";
import { useRefresh } from "~/lib/use-refresh";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.live.name ? `${data.live.name} - ` : ""}观看学员 - 财云学院管理后台` }];
const PAGE_SIZE = 15;

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    const sp = new URL(request.url).searchParams;
    const keyword = sp.get("keyword") ?? "";
    const live = await caller.live.admin.detail({ id: params.id } as never);
    const [page, overview] = await Promise.all([
      caller.live.admin.members({ liveId: live.id, keyword: keyword || undefined, pageNo: Number(sp.get("page")) || 1, pageSize: PAGE_SIZE } as never),
      caller.live.admin.userScore.overview({ liveId: live.id } as never),
    ]);
    return { live: { id: live.id, name: live.name, liveStatus: live.liveStatus, startTime: live.startTime, teacherName: live.teacherName }, page, overview, keyword };
  });

const STATUS = ["未开始", "直播中", "已结束"] as const;
const STATUS_TONE = ["blue", "green", "gray"] as const;

export default function LiveMembers() {
  const { live, page, overview, keyword } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const refresh = useRefresh();
  const [picking, setPicking] = useState(false);
  const [exporting, setExporting] = useState(false);

  async function add(users: PickedUser[]) {
    const { count, added } = await trpc.live.admin.addMembers.mutate({ liveId: live.id, userIds: users.map((u) => u.userId) });
    adminToast.success(added === count ? `已将 ${added} 名用户加入观看学员名单` : `已加入 ${added} 名，另有 ${count - added} 名已在名单中`);
    refresh();
  }
  async function exportList() {
    setExporting(true);
    try {
      downloadFile(await trpc.live.admin.exportMembers.mutate({ liveId: live.id, keyword: keyword || undefined }));
    } catch (e) {
      adminToast.error(errorMessage(e, "导出失败，请稍后再试"));
    } finally {
      setExporting(false);
    }
  }
  const hrefFor = (n: number) => {
    const q = new URLSearchParams(params);
    q.set("page", String(n));
    return `?${q}`;
  };

  return (
    <div className="pb-10">
      <PageHeader title={`观看学员 · ${live.name}`} trail="内容 / 直播 / 观看学员">
        <div className="flex gap-2">
          <Button variant="outline" asChild>
            <Link to="/admin/lives">返回直播列表</Link>
          </Button>
          <Button variant="outline" onClick={exportList} disabled={exporting}>
            {exporting ? "导出中…" : "导出Excel"}
          </Button>
          <Button onClick={() => setPicking(true)}>添加学员</Button>
        </div>
      </PageHeader>
      <p className="mb-4 flex items-center gap-3 text-sm text-muted">
        <Badge tone={STATUS_TONE[live.liveStatus as 0 | 1 | 2]}>{STATUS[live.liveStatus as 0 | 1 | 2]}</Badge>
        <span>开始时间 {formatDateTime(live.startTime)}</span>
        {live.teacherName && <span>讲师 {live.teacherName}</span>}
      </p>
      <div className="mb-4 grid grid-cols-4 gap-3" data-testid="live-member-totals">
        {[
          ["观看学员", `${overview.userNum} 人`],
          ["累计观看时长", formatDuration(overview.watchSeconds)],
          ["平均积分", String(overview.avgScore)],
          ["涉及单位", `${overview.orgNum} 家`],
        ].map(([l, n]) => (
          <Card key={l} className="px-4 py-3">
            <p className="text-xs text-muted">{l}</p>
            <p className="mt-1 text-xl font-semibold">{n}</p>
          </Card>
        ))}
      </div>
      <Card className="p-4">
        <Form method="get" className="mb-4 flex gap-3">
          <Input name="keyword" defaultValue={keyword} placeholder="昵称、登录名或手机号" aria-label="关键词" maxLength={40} className="w-64" />
          <Button type="submit" variant="secondary">
            查询
          </Button>
        </Form>
        {page.list.length ? (
          <Table>
            <thead>
              <tr>
                <Th>昵称</Th>
                <Th>登录名</Th>
                <Th>手机号</Th>
                <Th>单位</Th>
                <Th>地区</Th>
                <Th>进入次数</Th>
                <Th>观看时长</Th>
                <Th>回放时长</Th>
                <Th>积分</Th>
                <Th>最近进入</Th>
              </tr>
            </thead>
            <tbody>
              {page.list.map((m) => (
                <tr key={m.userId} data-testid="live-member-row">
                  <Td className="font-medium">{m.nick}</Td>
                  <Td>{m.loginName}</Td>
                  <Td className="tabular-nums">{m.mobile || "-"}</Td>
                  <Td className="max-w-[220px] truncate" title={m.orgName}>
                    {m.orgName || "-"}
                  </Td>
                  <Td>{m.areaName || "-"}</Td>
                  <Td className="tabular-nums">{m.entryCount}</Td>
                  <Td>{formatDuration(m.watchSeconds)}</Td>
                  <Td>{formatDuration(m.playbackSeconds)}</Td>
                  <Td className="tabular-nums">{m.score}</Td>
                  <Td className="text-muted">{m.lastEntryAt ? formatDateTime(m.lastEntryAt) : "未进入"}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
        ) : (
          <EmptyState title={keyword ? "没有符合条件的学员" : "还没有学员观看这场直播"} hint={keyword ? "换个关键词再试" : "学员进入直播间后会出现在这里，也可以点击「添加学员」提前加入"} />
        )}
        <div className="mt-4 flex justify-end">
          <Pager total={page.total} pageNo={page.pageNo} pageSize={page.pageSize} hrefFor={hrefFor} />
        </div>
      </Card>
      <UserPickerDialog open={picking} title="添加观看学员" confirmText="添加" onClose={() => setPicking(false)} onConfirm={add} />
    </div>
  );
}

export const ErrorBoundary = AdminRouteError;
