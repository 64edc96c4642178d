import { Form, useFetcher, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { ConfirmDialog, type ConfirmRequest } from "~/components/admin/confirm-dialog";
import { Pager } from "~/components/admin/pager";
import { PageHeader } from "~/components/admin/shell";
import { Badge, Table, Td, Th } from "~/components/admin/table";
import { adminToast } from "~/components/admin/toast";
import { useSelection } from "~/components/admin/use-selection";
import { downloadFile } from "~/components/course/download";
import { useActionToast } from "~/components/course/use-action-toast";
import { UploadField } from "~/components/upload/upload-field";
import { Button } from "~/components/ui/button";
import { Card, EmptyState } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { formatDateTime } from "@base/format";
import { FilterSelect } from "~/components/admin/filter-select";

export interface LibraryItem {
  id: number;
  name: string;
  fileTypeName: string;
  fileType: number;
  fileName: string;
  fileSize: number;
  duration: number;
  url: string;
  status: number;
  createTime: number;
}
interface FolderOption {
  id: number;
  name: string;
}

const size = (b: number) => (b > 1024 * 1024 ? `${(b / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(b / 1024))} KB`);
const mmss = (s: number) => (s ? `${Math.floor(s / 60)}分${s % 60}秒` : "—");

/** Seconds of a video the browser can read from its metadata (used when the server cannot read the file). */
function readDuration(url: string): Promise<number> {
  return new Promise((resolve) => {
    const v = document.createElement("video");
    v.preload = "metadata";
    v.onloadedmetadata = () => resolve(Number.isFinite(v.duration) ? Math.round(v.duration) : 0);
    v.onerror = () => resolve(0);
    v.src = url;
  });
}

/** One library (课件资料 or 图片视频): filter, upload with progress, list, batch move and delete, export. */
export function LibraryPage({
  title,
  trail,
  list,
  total,
  pageNo,
  pageSize,
  folders,
  types,
  exportList,
}: {
  title: string;
  trail: string;
  list: LibraryItem[];
  total: number;
  pageNo: number;
  pageSize: number;
  folders: FolderOption[];
  types: { value: number; label: string }[];
  exportList: () => Promise<{ fileName: string; contentType: string; base64: string }>;
}) {
  const [params] = useSearchParams();
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  const [url, setUrl] = useState("");
  const [fileName, setFileName] = useState("");
  const [duration, setDuration] = useState(0);
  const selection = useSelection(list.map((i) => i.id), [pageNo, total, params.toString()]);
  const [confirm, setConfirm] = useState<(ConfirmRequest & { form: Record<string, string> }) | null>(null);
  const [uploadKey, setUploadKey] = useState(0);
  useActionToast(fetcher, () => {
    setUrl("");
    setFileName("");
    selection.clear();
    setConfirm(null);
    setUploadKey((k) => k + 1);
  });
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok) setConfirm(null);
  }, [fetcher.state, fetcher.data]);
  const hrefFor = (n: number) => {
    const q = new URLSearchParams(params);
    q.set("page", String(n));
    return `?${q}`;
  };
  const batch = (intent: string, extra: Record<string, string> = {}) => {
    if (!selection.ids.length) return adminToast.error("请先勾选素材");
    const form = { intent, ids: selection.ids.join(","), ...extra };
    if (intent === "deleteBatch") setConfirm({ title: "批量删除素材", description: `确定删除选中的 ${selection.ids.length} 个素材吗？删除后不可恢复。`, confirmText: "删除", danger: true, form });
    else fetcher.submit(form, { method: "post" });
  };
  return (
    <div>
      <PageHeader title={title} trail={trail}>
        <Button variant="outline" onClick={async () => downloadFile(await exportList())}>导出</Button>
      </PageHeader>
      <Card className="mb-4 p-4">
        <h2 className="mb-3 text-sm font-semibold">上传素材</h2>
        <fetcher.Form method="post" className="flex flex-wrap items-start gap-3">
          <input type="hidden" name="intent" value="add" />
          <input type="hidden" name="fileName" value={fileName} />
          <input type="hidden" name="duration" value={duration} />
          <UploadField
            key={uploadKey}
            name="url"
            kind="file"
            label="选择文件"
            maxSizeMb={500}
            accept="video/mp4,application/pdf,image/png,image/jpeg,.mp4,.pdf,.png,.jpg,.doc,.docx,.ppt,.pptx"
            onChange={async (u) => {
              setUrl(u);
              const name = decodeURIComponent(u.split("?")[0]!.split("/").pop() ?? "");
              setFileName(name);
              setDuration(/\.mp4$/i.test(name) ? await readDuration(u) : 0);
            }}
          />
          <Input name="name" placeholder="素材名称" required className="w-64" aria-label="素材名称" defaultValue={fileName.replace(/\.[^.]+$/, "")} key={fileName} />
          <select name="folderId" className="h-10 rounded-md border border-border px-2 text-sm" aria-label="文件夹">
            <option value="">不放入文件夹</option>
            {folders.map((f) => <option key={f.id} value={f.id}>{f.name}</option>)}
          </select>
          <Button type="submit" disabled={!url || fetcher.state !== "idle"}>保存到素材库</Button>
        </fetcher.Form>
      </Card>
      <Card className="p-4">
        <div className="mb-4 flex items-center justify-between">
          <Form method="get" className="flex gap-3">
            <Input name="keyword" defaultValue={params.get("keyword") ?? ""} placeholder="素材名称" className="w-56" aria-label="关键词" />
            <FilterSelect name="fileType" label="类型" allLabel="全部类型" defaultValue={params.get("fileType") ?? ""} options={types} />
            <FilterSelect name="folderId" label="所在文件夹" allLabel="全部文件夹" defaultValue={params.get("folderId") ?? ""} options={folders.map((f) => ({ value: f.id, label: f.name }))} />
            <Button type="submit" variant="secondary">查询</Button>
          </Form>
          <div className="flex items-center gap-2 text-sm">
            <span className="text-muted">已选 {selection.ids.length} 项</span>
            <select className="h-9 rounded-md border border-border px-2 text-sm" aria-label="移动到" onChange={(e) => e.target.value && batch("batchUpdate", { folderId: e.target.value })} value="">
              <option value="">移动到…</option>
              {folders.map((f) => <option key={f.id} value={f.id}>{f.name}</option>)}
            </select>
            <Button variant="outline" size="sm" onClick={() => batch("deleteBatch")}>批量删除</Button>
          </div>
        </div>
        {list.length ? (
          <Table>
            <thead>
              <tr><Th className="w-8"><input type="checkbox" aria-label="全选本页" disabled={!list.length} checked={selection.page === true} onChange={(e) => selection.setPage(e.target.checked)} /></Th><Th>名称</Th><Th>类型</Th><Th>文件</Th><Th>大小</Th><Th>时长</Th><Th>状态</Th><Th>上传时间</Th><Th>操作</Th></tr>
            </thead>
            <tbody>
              {list.map((i) => (
                <tr key={i.id}>
                  <Td><input type="checkbox" checked={selection.has(i.id)} onChange={(e) => selection.toggle(i.id, e.target.checked)} aria-label={`选择${i.name}`} /></Td>
                  <Td className="max-w-[260px] truncate">{i.name}</Td>
                  <Td>{i.fileTypeName}</Td>
                  <Td className="max-w-[200px] truncate"><a href={i.url} target="_blank" rel="noreferrer" className="text-primary">{i.fileName || "查看"}</a></Td>
                  <Td>{size(i.fileSize)}</Td>
                  <Td>{mmss(i.duration)}</Td>
                  <Td><Badge tone={i.status ? "green" : "gray"}>{i.status ? "可用" : "停用"}</Badge></Td>
                  <Td className="text-muted">{formatDateTime(i.createTime)}</Td>
                  <Td>
                    <button type="button" className="text-danger" onClick={() => setConfirm({ title: "删除素材", description: `确定删除「${i.name}」吗？删除后不可恢复。`, confirmText: "删除", danger: true, form: { intent: "delete", id: String(i.id) } })}>删除</button>
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        ) : (
          <EmptyState title="还没有素材" hint="上传视频、文档或图片后，即可在课程中引用" />
        )}
        <div className="mt-4 flex justify-end"><Pager total={total} pageNo={pageNo} pageSize={pageSize} hrefFor={hrefFor} /></div>
      </Card>
      <ConfirmDialog request={confirm} busy={fetcher.state !== "idle"} onConfirm={() => confirm && fetcher.submit(confirm.form, { method: "post" })} onCancel={() => setConfirm(null)} />
    </div>
  );
}
