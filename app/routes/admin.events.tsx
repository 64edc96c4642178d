import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useRevalidator, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { formatTime } from "~/components/admin/format";
import { adminLoad } from "~/components/admin/guard.server";
import { Pager } from "~/components/admin/pager";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { Badge, Table, Td, Th } from "~/components/admin/table";
import { adminToast } from "~/components/admin/toast";
import { useSearchOptions } from "~/components/admin/use-search-options";
import { Button } from "~/components/ui/button";
import { Card, EmptyState } from "~/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { FieldError, Label } from "~/components/ui/label";
import { errorMessage, trpc } from "~/lib/trpc";
import { EVENT_SOURCES } from "@trpc-app/event/schemas";

export const meta: MetaFunction = () => [{ title: "培训活动 - 财云学院管理后台" }];

const PAGE_SIZE = 10;

export const loader = ({ request }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    const q = new URL(request.url).searchParams;
    return caller.event.admin.page({ pageNo: Number(q.get("pageNo")) || 1, pageSize: PAGE_SIZE, name: q.get("name") || undefined, source: (q.get("source") || undefined) as never });
  });

type Row = ReturnType<typeof useLoaderData<typeof loader>>["list"][number];
type Data = Awaited<ReturnType<typeof trpc.event.admin.data.query>>;
const field = "h-9 w-full rounded-md border border-border bg-white px-2 text-sm";
const toLocal = (ms: number | null) => (ms ? new Date(ms + 8 * 3600e3).toISOString().slice(0, 16) : "");
/** A datetime-local value read as China time, whatever the browser's zone. */
const fromLocal = (v: string) => (v ? Date.parse(`${v}:00+08:00`) : undefined);

function EventDialog({ row, open, onClose, onSaved }: { row: Row | null; open: boolean; onClose: () => void; onSaved: () => void }) {
  const empty = { name: "", source: "hunan", associationId: "", ownerName: "", webhookUrl: "", startTime: "", endTime: "", remark: "", status: 1 };
  const [form, setForm] = useState(empty);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return;
    setError("");
    setForm(row ? { name: row.name, source: row.source, associationId: row.associationId, ownerName: row.ownerName, webhookUrl: row.webhookUrl, startTime: toLocal(row.startTime), endTime: toLocal(row.endTime), remark: row.remark, status: row.status } : empty);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, row]);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });
  const submit = async () => {
    setBusy(true);
    setError("");
    try {
      await trpc.event.admin.save.mutate({ ...form, id: row?.id, source: form.source as never, status: form.status as 0 | 1, startTime: fromLocal(form.startTime), endTime: fromLocal(form.endTime) });
      adminToast.success(row ? "已保存活动" : "已创建活动");
      onSaved();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="w-[620px]">
        <DialogTitle>{row ? "编辑活动" : "新建活动"}</DialogTitle>
        <DialogDescription>学员通过活动绑定的考试后，平台向主办单位的回调地址发送带签名的通过通知，失败自动重试。</DialogDescription>
        <form
          className="mt-4 grid grid-cols-2 gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <div className="col-span-2">
            <Label htmlFor="ev-name">活动名称</Label>
            <Input id="ev-name" maxLength={100} value={form.name} onChange={set("name")} />
          </div>
          <div>
            <Label htmlFor="ev-source">活动来源</Label>
            <select id="ev-source" className={field} value={form.source} onChange={set("source")}>
              {Object.entries(EVENT_SOURCES).map(([k, v]) => (
                <option key={k} value={k}>
                  {v}
                </option>
              ))}
            </select>
          </div>
          <div>
            <Label htmlFor="ev-assoc">关联ID</Label>
            <Input id="ev-assoc" maxLength={64} value={form.associationId} onChange={set("associationId")} placeholder="主办单位系统中的活动编号" />
          </div>
          <div>
            <Label htmlFor="ev-owner">主办单位</Label>
            <Input id="ev-owner" maxLength={60} value={form.ownerName} onChange={set("ownerName")} />
          </div>
          <div>
            <Label htmlFor="ev-status">状态</Label>
            <select id="ev-status" className={field} value={form.status} onChange={(e) => setForm({ ...form, status: Number(e.target.value) })}>
              <option value={1}>进行中</option>
              <option value={0}>已结束（不再通知）</option>
            </select>
          </div>
          <div className="col-span-2">
            <Label htmlFor="ev-hook">回调地址</Label>
            <Input id="ev-hook" maxLength={500} value={form.webhookUrl} onChange={set("webhookUrl")} placeholder="https://" />
          </div>
          <div>
            <Label htmlFor="ev-start">开始时间</Label>
            <Input id="ev-start" type="datetime-local" value={form.startTime} onChange={set("startTime")} />
          </div>
          <div>
            <Label htmlFor="ev-end">结束时间</Label>
            <Input id="ev-end" type="datetime-local" value={form.endTime} onChange={set("endTime")} />
          </div>
          <div className="col-span-2">
            <Label htmlFor="ev-remark">备注</Label>
            <Input id="ev-remark" maxLength={300} value={form.remark} onChange={set("remark")} />
          </div>
          <div className="col-span-2">
            <FieldError>{error}</FieldError>
          </div>
          <DialogFooter className="col-span-2">
            <Button type="button" variant="outline" onClick={onClose}>
              取消
            </Button>
            <Button type="submit" disabled={busy}>
              保存
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Courses or exams by name, to bind. */
function ContentSearch({ type, onPick }: { type: 1 | 3; onPick: (o: { id: number; name: string }) => void }) {
  const [keyword, setKeyword] = useState("");
  const options = useSearchOptions(
    async () =>
      type === 1
        ? (await trpc.course.admin.page.query({ keyword: keyword.trim() || undefined, pageNo: 1, pageSize: 50 })).list.map((c) => ({ id: c.id, name: c.name }))
        : (await trpc.exam.admin.exam.page.query({ keyword: keyword.trim() || undefined, pageNo: 1, pageSize: 50 })).list.map((e) => ({ id: e.id, name: e.name })),
    [type, keyword],
  );
  const label = type === 1 ? "课程" : "考试";
  return (
    <div className="flex gap-2">
      <input className={field} value={keyword} onChange={(e) => setKeyword(e.target.value)} placeholder={`按名称搜索${label}`} aria-label={`搜索${label}`} />
      <select
        className={field}
        value=""
        aria-label={`添加${label}`}
        onChange={(e) => {
          const o = options?.find((x) => x.id === Number(e.target.value));
          if (o) onPick(o);
        }}
      >
        <option value="">{options === null ? "加载中…" : `添加${label}`}</option>
        {options?.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </div>
  );
}

function DetailDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const [data, setData] = useState<Data | null>(null);
  const [bound, setBound] = useState<{ courses: { id: number; name: string }[]; exams: { id: number; name: string }[] }>({ courses: [], exams: [] });
  const [tasks, setTasks] = useState<Awaited<ReturnType<typeof trpc.event.admin.taskPage.query>>["list"]>([]);
  const [task, setTask] = useState({ name: "", thirdJumpUrl: "" });
  const [busy, setBusy] = useState(false);
  const load = async (eventId: number) => {
    const [d, t] = await Promise.all([trpc.event.admin.data.query({ id: eventId }), trpc.event.admin.taskPage.query({ eventId, pageNo: 1, pageSize: 50 })]);
    setData(d);
    setBound({ courses: d.courses, exams: d.exams });
    setTasks(t.list);
  };
  useEffect(() => {
    setData(null);
    if (id) load(id).catch((e) => adminToast.error(errorMessage(e)));
  }, [id]);
  const run = async (fn: () => Promise<unknown>, ok: string) => {
    setBusy(true);
    try {
      await fn();
      adminToast.success(ok);
      if (id) await load(id);
    } catch (e) {
      adminToast.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const add = (key: "courses" | "exams") => (o: { id: number; name: string }) => !bound[key].some((x) => x.id === o.id) && setBound({ ...bound, [key]: [...bound[key], o] });
  const remove = (key: "courses" | "exams", itemId: number) => setBound({ ...bound, [key]: bound[key].filter((x) => x.id !== itemId) });
  return (
    <Dialog open={id !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90vh] w-[760px] overflow-y-auto">
        <DialogTitle>{data ? `活动详情：${data.name}` : "活动详情"}</DialogTitle>
        <DialogDescription>绑定的课程与考试、通过通知的发送情况、第三方任务。</DialogDescription>
        {data && (
          <div className="mt-4 flex flex-col gap-5 text-sm">
            <section className="grid grid-cols-3 gap-3" aria-label="通知发送情况">
              <div className="rounded-md bg-[#f7f8fa] p-3">待发送 <b className="ml-1 text-lg">{data.report.waiting}</b></div>
              <div className="rounded-md bg-[#e8ffea] p-3">已送达 <b className="ml-1 text-lg">{data.report.delivered}</b></div>
              <div className="rounded-md bg-[#ffece8] p-3">已放弃 <b className="ml-1 text-lg">{data.report.failed}</b></div>
            </section>
            <section>
              <p className="mb-1 font-medium">回调签名密钥</p>
              <code className="block break-all rounded bg-[#f7f8fa] px-2 py-1 text-xs">{data.webhookSecret}</code>
              <p className="mt-1 text-xs text-muted">请求头 X-Caiyun-Signature: t=时间戳,v1=HMAC-SHA256(密钥, "时间戳.请求体")，请提供给主办单位校验。</p>
            </section>
            <section className="flex flex-col gap-2">
              <p className="font-medium">绑定课程</p>
              <ContentSearch type={1} onPick={add("courses")} />
              <ul className="flex flex-wrap gap-2">
                {bound.courses.map((c) => (
                  <li key={c.id} className="flex items-center gap-1 rounded bg-primary-50 px-2 py-1 text-primary">
                    {c.name}
                    <button type="button" aria-label={`移除${c.name}`} onClick={() => remove("courses", c.id)}>
                      ×
                    </button>
                  </li>
                ))}
              </ul>
              <p className="mt-2 font-medium">绑定考试</p>
              <ContentSearch type={3} onPick={add("exams")} />
              <ul className="flex flex-wrap gap-2" aria-label="已绑定考试">
                {bound.exams.map((x) => (
                  <li key={x.id} className="flex items-center gap-1 rounded bg-primary-50 px-2 py-1 text-primary">
                    {x.name}
                    {"passedNum" in x && <span className="text-xs text-muted">（已通过 {(x as { passedNum: number }).passedNum} 人）</span>}
                    <button type="button" aria-label={`移除${x.name}`} onClick={() => remove("exams", x.id)}>
                      ×
                    </button>
                  </li>
                ))}
              </ul>
              <div className="flex gap-2">
                <Button size="sm" disabled={busy} onClick={() => void run(() => trpc.event.admin.bindTrain.mutate({ id: data.id, courseIds: bound.courses.map((c) => c.id), examIds: bound.exams.map((x) => x.id) }), "已保存绑定")}>
                  保存绑定
                </Button>
                <Button size="sm" variant="outline" disabled={busy} onClick={() => void run(() => trpc.event.admin.reportAll.mutate({ id: data.id }), "已补发历史通过记录的通知")}>
                  补发历史通过通知
                </Button>
              </div>
            </section>
            <section className="flex flex-col gap-2">
              <p className="font-medium">第三方任务</p>
              <Table>
                <thead>
                  <tr>
                    <Th>任务名称</Th>
                    <Th>跳转地址</Th>
                  </tr>
                </thead>
                <tbody>
                  {tasks.map((t) => (
                    <tr key={t.id}>
                      <Td>{t.name}</Td>
                      <Td className="max-w-[360px] truncate">{t.thirdJumpUrl || "—"}</Td>
                    </tr>
                  ))}
                  {!tasks.length && (
                    <tr>
                      <Td colSpan={2} className="text-center text-muted">
                        暂无任务
                      </Td>
                    </tr>
                  )}
                </tbody>
              </Table>
              <div className="flex gap-2">
                <Input aria-label="任务名称" placeholder="任务名称" maxLength={100} value={task.name} onChange={(e) => setTask({ ...task, name: e.target.value })} className="w-48" />
                <Input aria-label="第三方跳转地址" placeholder="https://" value={task.thirdJumpUrl} onChange={(e) => setTask({ ...task, thirdJumpUrl: e.target.value })} />
                <Button size="sm" variant="outline" disabled={busy} onClick={() => void run(async () => (await trpc.event.admin.bindTask.mutate({ eventId: data.id, ...task }), setTask({ name: "", thirdJumpUrl: "" })), "已添加任务")}>
                  添加任务
                </Button>
              </div>
            </section>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

export default function AdminEvents() {
  const page = useLoaderData<typeof loader>();
  const [params, setParams] = useSearchParams();
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<Row | "new" | null>(null);
  const [detail, setDetail] = useState<number | null>(null);
  const [name, setName] = useState(params.get("name") ?? "");
  const hrefFor = (pageNo: number) => {
    const p = new URLSearchParams(params);
    p.set("pageNo", String(pageNo));
    return `?${p}`;
  };
  return (
    <>
      <PageHeader title="培训活动" trail="考试 / 培训活动">
        <Button onClick={() => setEditing("new")}>新建活动</Button>
      </PageHeader>
      <p className="mb-4 text-sm text-muted">外部单位组织的培训活动：绑定平台课程与考试，学员考试通过后自动通知主办单位。</p>
      <Card className="mb-4 p-4">
        <form
          className="flex items-center gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            const p = new URLSearchParams(params);
            name.trim() ? p.set("name", name.trim()) : p.delete("name");
            p.delete("pageNo");
            setParams(p);
          }}
        >
          <Input aria-label="活动名称" placeholder="活动名称" value={name} onChange={(e) => setName(e.target.value)} className="w-64" />
          <Button type="submit" variant="outline">
            查询
          </Button>
        </form>
      </Card>
      <Card>
        {page.list.length ? (
          <Table>
            <thead>
              <tr>
                <Th>活动名称</Th>
                <Th>来源</Th>
                <Th>关联ID</Th>
                <Th>主办单位</Th>
                <Th>时间</Th>
                <Th>状态</Th>
                <Th>操作</Th>
              </tr>
            </thead>
            <tbody>
              {page.list.map((row) => (
                <tr key={row.id} data-testid="event-row">
                  <Td className="font-medium">{row.name}</Td>
                  <Td>{EVENT_SOURCES[row.source as keyof typeof EVENT_SOURCES] ?? row.source}</Td>
                  <Td>{row.associationId}</Td>
                  <Td>{row.ownerName || "—"}</Td>
                  <Td>{row.startTime ? `${formatTime(row.startTime)} 至 ${row.endTime ? formatTime(row.endTime) : "不限"}` : "—"}</Td>
                  <Td>
                    <Badge tone={row.status === 1 ? "green" : "gray"}>{row.status === 1 ? "进行中" : "已结束"}</Badge>
                  </Td>
                  <Td>
                    <span className="flex gap-3">
                      <button type="button" className="cursor-pointer text-primary" onClick={() => setDetail(row.id)}>
                        详情与绑定
                      </button>
                      <button type="button" className="cursor-pointer text-primary" onClick={() => setEditing(row)}>
                        编辑
                      </button>
                    </span>
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        ) : (
          <EmptyState title="还没有培训活动" hint="点击右上角“新建活动”" />
        )}
        <Pager total={page.total} pageNo={page.pageNo} pageSize={page.pageSize} hrefFor={hrefFor} />
      </Card>
      <EventDialog
        row={editing && editing !== "new" ? editing : null}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          revalidator.revalidate();
        }}
      />
      <DetailDialog id={detail} onClose={() => setDetail(null)} />
    </>
  );
}

export const ErrorBoundary = AdminRouteError;
