import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { badInput } from "@trpc-app/errors";
import { adminAction, adminLoad } from "~/components/admin/guard.server";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { Badge, Table, Td, Th } from "~/components/admin/table";
import { adminToast } from "~/components/admin/toast";
import { liveTime } from "~/components/live/live-card";
import { UploadField } from "~/components/upload/upload-field";
import { Button } from "~/components/ui/button";

export const meta: MetaFunction = () => [{ title: "直播管理 - 财云学院管理后台" }];

export const loader = ({ request }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    const sp = new URL(request.url).searchParams;
    const keyword = sp.get("keyword") ?? "";
    const page = await caller.live.admin.page({ keyword, pageNo: sp.get("page") ?? undefined, pageSize: 20 } as never);
    const edit = sp.get("edit");
    const editing = edit && edit !== "new" ? await caller.live.admin.detail({ id: edit } as never) : null;
    const series = await caller.live.admin.series.page({ pageNo: 1, pageSize: 100 } as never);
    return { page, keyword, editing, creating: edit === "new", series: series.list };
  });

const toMs = (v: FormDataEntryValue | null) => (v ? new Date(`${String(v)}:00+08:00`).getTime() : undefined);

export const action = ({ request }: ActionFunctionArgs) =>
  adminAction(request, async (caller) => {
    const form = await request.formData();
    const intent = String(form.get("intent") ?? "");
    const id = String(form.get("id") ?? "");
    const text = (k: string) => String(form.get(k) ?? "");
    if (intent === "save") {
      const saved = await caller.live.admin.save({
        id: id || undefined,
        name: text("name"),
        teacherName: text("teacherName"),
        coverUrl: text("coverUrl"),
        introduction: text("introduction"),
        m3u8PlayUrl: text("m3u8PlayUrl"),
        seriesId: text("seriesId") || null,
        startTime: toMs(form.get("startTime")),
        endTime: toMs(form.get("endTime")),
      } as never);
      return `已保存直播「${saved.name}」`;
    }
    if (intent === "push") {
      const r = await caller.live.admin.pushUrl({ id } as never);
      return `推流地址：${r.fullPushUrl}；播放地址：${r.m3u8PlayURL}`;
    }
    if (intent === "copy") return `已复制为「${(await caller.live.admin.copy({ id } as never)).name}」`;
    if (intent === "del") return (await caller.live.admin.del({ id } as never), "已删除该直播");
    if (intent === "shelf") return (await caller.live.admin.shelf({ id, status: text("status") } as never), text("status") === "1" ? "已上架" : "已下架");
    throw badInput("未知的操作");
  });

const STATUS = ["未开始", "直播中", "已结束"] as const;
const local = (ms: number) => new Date(ms + 8 * 3600e3).toISOString().slice(0, 16);

export default function AdminLives() {
  const { page, keyword, editing, creating, series } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const nav = useNavigation();
  const [params, setParams] = useSearchParams();
  const [cover, setCover] = useState(editing?.liveCoverUrl ?? "");
  useEffect(() => setCover(editing?.liveCoverUrl ?? ""), [editing]);
  useEffect(() => {
    if (!result) return;
    if (result.ok) adminToast.success(result.message);
    else adminToast.error(result.message);
  }, [result]);
  const close = () => {
    const p = new URLSearchParams(params);
    p.delete("edit");
    setParams(p);
  };
  const showForm = creating || !!editing;
  const start = editing?.startTime ?? Date.now() + 86400e3;

  return (
    <div className="space-y-4">
      <PageHeader title="直播" trail="内容">
        <div className="flex items-center gap-4">
          <Link to="/admin/live-series" className="text-sm text-primary">
            直播系列
          </Link>
          <Button onClick={() => setParams({ ...Object.fromEntries(params), edit: "new" })}>新建直播</Button>
        </div>
      </PageHeader>
      <Form method="get" className="flex gap-2 rounded-lg bg-white p-4">
        <input name="keyword" defaultValue={keyword} placeholder="直播名称" aria-label="直播名称" className="h-9 w-64 rounded-md border border-border px-3 text-sm" />
        <Button type="submit" variant="outline">
          查询
        </Button>
      </Form>
      {showForm && (
        <Form method="post" className="grid gap-3 rounded-lg bg-white p-4 md:grid-cols-2" key={editing?.id ?? "new"}>
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="id" value={editing?.id ?? ""} />
          <label className="text-sm">
            直播名称
            <input name="name" required maxLength={60} defaultValue={editing?.name} className="mt-1 h-9 w-full rounded-md border border-border px-3" />
          </label>
          <label className="text-sm">
            讲师
            <input name="teacherName" maxLength={40} defaultValue={editing?.teacherName} className="mt-1 h-9 w-full rounded-md border border-border px-3" />
          </label>
          <label className="text-sm">
            开始时间
            <input type="datetime-local" name="startTime" required defaultValue={local(start)} className="mt-1 h-9 w-full rounded-md border border-border px-3" />
          </label>
          <label className="text-sm">
            结束时间
            <input type="datetime-local" name="endTime" required defaultValue={local(editing?.endTime ?? start + 7200e3)} className="mt-1 h-9 w-full rounded-md border border-border px-3" />
          </label>
          <label className="text-sm">
            拉流地址（HLS）
            <input name="m3u8PlayUrl" defaultValue={editing?.m3u8PlayURL} className="mt-1 h-9 w-full rounded-md border border-border px-3" />
          </label>
          <label className="text-sm">
            所属系列
            <select name="seriesId" defaultValue={editing?.seriesId ?? ""} className="mt-1 h-9 w-full rounded-md border border-border px-2">
              <option value="">不属于系列</option>
              {series.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
          <div className="text-sm">
            <UploadField name="coverUrl" value={cover} onChange={setCover} label="封面" kind="image" maxSizeMb={2} />
          </div>
          <label className="text-sm md:col-span-2">
            简介
            <textarea name="introduction" maxLength={2000} defaultValue={editing?.introduction} rows={3} className="mt-1 w-full rounded-md border border-border px-3 py-2" />
          </label>
          <div className="flex gap-2 md:col-span-2">
            <Button type="submit" disabled={nav.state !== "idle"}>
              保存
            </Button>
            <Button type="button" variant="outline" onClick={close}>
              取消
            </Button>
          </div>
        </Form>
      )}
      <div className="rounded-lg bg-white p-4">
        <Table>
          <thead>
            <tr>
              <Th>直播名称</Th>
              <Th>讲师</Th>
              <Th>开始时间</Th>
              <Th>状态</Th>
              <Th>上架</Th>
              <Th>操作</Th>
            </tr>
          </thead>
          <tbody>
            {page.list.map((l) => (
              <tr key={l.id}>
                <Td>{l.name}</Td>
                <Td>{l.teacherName}</Td>
                <Td>{liveTime(l.startTime)}</Td>
                <Td>
                  <Badge tone={l.liveStatus === 1 ? "green" : l.liveStatus === 0 ? "blue" : "gray"}>{STATUS[l.liveStatus as 0 | 1 | 2]}</Badge>
                </Td>
                <Td>{l.status === 0 ? "已下架" : "已上架"}</Td>
                <Td className="space-x-3 whitespace-nowrap">
                  <Link to={`/admin/lives/console?id=${l.id}`} className="text-primary">
                    控制台
                  </Link>
                  <Link to={`?edit=${l.id}`} className="text-primary">
                    编辑
                  </Link>
                  {(["push", "copy"] as const).map((intent) => (
                    <Form key={intent} method="post" className="inline">
                      <input type="hidden" name="id" value={l.id} />
                      <button name="intent" value={intent} className="text-primary">
                        {intent === "push" ? "推流地址" : "复制"}
                      </button>
                    </Form>
                  ))}
                  <Form method="post" className="inline">
                    <input type="hidden" name="id" value={l.id} />
                    <input type="hidden" name="status" value={l.status === 0 ? 1 : 0} />
                    <button name="intent" value="shelf" className="text-primary">
                      {l.status === 0 ? "上架" : "下架"}
                    </button>
                  </Form>
                  {l.liveStatus !== 1 && (
                    <Form method="post" className="inline" onSubmit={(e) => !confirm("确定删除该直播吗？") && e.preventDefault()}>
                      <input type="hidden" name="id" value={l.id} />
                      <button name="intent" value="del" className="text-danger">
                        删除
                      </button>
                    </Form>
                  )}
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
        <p className="mt-3 text-sm text-muted">共 {page.total} 场直播</p>
      </div>
    </div>
  );
}

export const ErrorBoundary = AdminRouteError;
