import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useRef, useState } from "react";
import { formatDate, formatDateTime, fromChinaInput } from "@base/format";
import { CertTabs } from "~/components/admin/cert/cert-tabs";
import { CONTENT_TYPES } from "~/components/admin/cert/content-picker";
import { CertDetailDialog, RevokeDialog, SendDialog, statusTone, type IssuedCert } from "~/components/admin/cert/issued-dialogs";
import { FilterSelect } from "~/components/admin/filter-select";
import { adminLoad } from "~/components/admin/guard.server";
import { Pager } from "~/components/admin/pager";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { Badge, Table, Td, Th } from "~/components/admin/table";
import { adminToast } from "~/components/admin/toast";
import { downloadFile } from "~/components/course/download";
import { Button } from "~/components/ui/button";
import { Card, EmptyState } from "~/components/ui/card";
import { errorMessage, trpc } from "~/lib/trpc";
import { useRefresh } from "~/lib/use-refresh";

export const meta: MetaFunction = () => [{ title: "证书发放记录 - 财云学院管理后台" }];
const PAGE_SIZE = 10;
const DAY = 86_400_000;

const STATUS = [
  { value: "1", label: "有效" },
  { value: "2", label: "已过期" },
  { value: "3", label: "已撤销" },
];

export const loader = ({ request }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    const sp = new URL(request.url).searchParams;
    const get = (k: string) => sp.get(k)?.trim() ?? "";
    const tab = sp.get("tab") === "third" ? "third" : "issued";
    const pageNo = Number(sp.get("page")) || 1;
    if (tab === "third") {
      const filters = { name: get("name") };
      const third = await caller.cert.admin.thirdPage({ name: filters.name || undefined, pageNo, pageSize: PAGE_SIZE });
      return { tab, third, filters, issued: null, query: null, templates: [], options: [] };
    }
    const filters = {
      businessType: get("businessType"),
      templateId: get("templateId"),
      name: get("name"),
      mobile: get("mobile"),
      certNo: get("certNo"),
      status: get("status"),
      start: get("start"),
      end: get("end"),
    };
    // Dates are days in China time; the end day is included.
    const start = filters.start ? fromChinaInput(`${filters.start}T00:00`) : NaN;
    const end = filters.end ? fromChinaInput(`${filters.end}T00:00`) + DAY : NaN;
    const query = {
      businessType: filters.businessType ? (Number(filters.businessType) as 1 | 3 | 5) : undefined,
      templateId: filters.templateId ? Number(filters.templateId) : undefined,
      name: filters.name || undefined,
      mobile: filters.mobile || undefined,
      certNo: filters.certNo || undefined,
      status: filters.status ? Number(filters.status) : undefined,
      startTime: Number.isFinite(start) ? start : undefined,
      endTime: Number.isFinite(end) ? end : undefined,
    };
    const [issued, templates, options] = await Promise.all([
      caller.cert.admin.userPage({ ...query, pageNo, pageSize: PAGE_SIZE }),
      caller.cert.admin.page({ pageNo: 1, pageSize: 100 }),
      caller.cert.admin.options(),
    ]);
    return { tab, issued, query, filters, third: null, templates: templates.list.map((t) => ({ id: t.id, name: t.name })), options: options.list };
  });

const box = "h-9 rounded-md border border-border bg-white px-2 text-sm focus:border-primary focus:outline-none";

export default function AdminCertsIssued() {
  const data = useLoaderData<typeof loader>();
  return (
    <div>
      <PageHeader title="证书" trail="内容 / 证书" />
      <CertTabs current={data.tab === "third" ? "third" : "issued"} />
      {data.tab === "third" && data.third ? <ThirdCerts page={data.third} name={data.filters.name} /> : data.issued && data.query ? <Issued /> : null}
    </div>
  );
}

function Issued() {
  const data = useLoaderData<typeof loader>();
  const page = data.issued!;
  const filters = data.filters as Record<string, string>;
  const [sp] = useSearchParams();
  const refresh = useRefresh();
  const [viewing, setViewing] = useState<IssuedCert | null>(null);
  const [revoking, setRevoking] = useState<IssuedCert | null>(null);
  const [sending, setSending] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [busyId, setBusyId] = useState<number | null>(null);

  const hrefFor = (n: number) => {
    const q = new URLSearchParams(sp);
    q.set("page", String(n));
    return `?${q}`;
  };
  async function act(id: number, run: () => Promise<unknown>, ok: string) {
    setBusyId(id);
    try {
      await run();
      adminToast.success(ok);
      refresh();
    } catch (e) {
      adminToast.error(errorMessage(e));
    } finally {
      setBusyId(null);
    }
  }
  async function exportAll() {
    setExporting(true);
    try {
      downloadFile(await trpc.cert.admin.export.query(data.query!));
      adminToast.success("已导出，请查看浏览器下载");
    } catch (e) {
      adminToast.error(errorMessage(e));
    } finally {
      setExporting(false);
    }
  }
  const filtered = Object.values(filters).some(Boolean);

  return (
    <Card className="p-4">
      <Form method="get" className="mb-4 flex flex-wrap items-center gap-2">
        <FilterSelect name="businessType" label="内容类型" allLabel="全部类型" defaultValue={filters.businessType} options={CONTENT_TYPES.map((c) => ({ value: c.value, label: c.label }))} />
        <FilterSelect name="templateId" label="证书模板" allLabel="全部模板" defaultValue={filters.templateId} options={data.templates.map((t) => ({ value: t.id, label: t.name }))} className="max-w-44" />
        <input name="name" defaultValue={filters.name} placeholder="姓名" aria-label="姓名" maxLength={40} className={`${box} h-10 w-28`} />
        <input name="mobile" defaultValue={filters.mobile} placeholder="手机号" aria-label="手机号" maxLength={20} className={`${box} h-10 w-32`} />
        <input name="certNo" defaultValue={filters.certNo} placeholder="证书编号" aria-label="证书编号" maxLength={32} className={`${box} h-10 w-40`} />
        <FilterSelect name="status" label="证书状态" allLabel="全部状态" defaultValue={filters.status} options={STATUS} />
        <span className="flex items-center gap-1 text-sm text-muted">
          发证日期
          <input type="date" name="start" defaultValue={filters.start} aria-label="发证开始日期" className={`${box} h-10`} />
          至
          <input type="date" name="end" defaultValue={filters.end} aria-label="发证结束日期" className={`${box} h-10`} />
        </span>
        <Button type="submit" variant="secondary">
          查询
        </Button>
        {filtered && (
          <Button asChild variant="ghost">
            <Link to="/admin/certs/issued">重置</Link>
          </Button>
        )}
        <span className="flex-1" />
        <Button type="button" variant="outline" disabled={exporting} onClick={exportAll}>
          {exporting ? "正在导出…" : "导出"}
        </Button>
        <Button type="button" onClick={() => setSending(true)}>
          手动发放
        </Button>
      </Form>
      <p className="mb-2 text-xs text-muted">共 {page.total} 张证书</p>
      {page.list.length ? (
        <Table>
          <thead>
            <tr>
              <Th>证书</Th>
              <Th>证书编号</Th>
              <Th>学员</Th>
              <Th>证书名称 / 内容</Th>
              <Th>模板</Th>
              <Th>发证时间</Th>
              <Th>有效期至</Th>
              <Th>状态</Th>
              <Th>操作</Th>
            </tr>
          </thead>
          <tbody>
            {page.list.map((c) => (
              <tr key={c.userCertId} data-testid="issued-row" data-cert-no={c.certNo}>
                <Td className="w-[84px] min-w-[84px] py-1.5">
                  <button type="button" className="block" onClick={() => setViewing(c)} aria-label={`查看证书图片${c.certNo}`}>
                    <img src={c.certImgUrl} alt="" className="h-12 w-[68px] max-w-none rounded border border-border bg-[#f7f8fa] object-contain" />
                  </button>
                </Td>
                <Td className="font-mono text-xs">{c.certNo}</Td>
                <Td>
                  <div>{c.realName}</div>
                  <div className="text-xs text-muted">{c.mobile}</div>
                </Td>
                <Td className="max-w-[220px]">
                  <div className="truncate" title={c.certName}>
                    {c.certName}
                  </div>
                  <div className="truncate text-xs text-muted" title={c.contentName}>
                    {c.businessTypeName}：{c.contentName}
                  </div>
                </Td>
                <Td className="max-w-[96px] truncate text-muted" title={c.templateName}>
                  {c.templateName || "--"}
                </Td>
                <Td className="text-xs">{formatDateTime(c.issueTime)}</Td>
                <Td className="text-xs">{c.expireTime ? formatDate(c.expireTime) : "长期有效"}</Td>
                <Td>
                  <span title={c.status === 3 ? `撤销原因：${c.revokeReason}` : undefined}>
                    <Badge tone={statusTone(c.status)}>{c.statusName}</Badge>
                  </span>
                  <div className="text-xs text-muted">{c.sourceName}</div>
                </Td>
                <Td>
                  <div className="flex gap-3 text-sm text-primary">
                    <button type="button" onClick={() => setViewing(c)}>
                      查看
                    </button>
                    {c.status === 3 ? (
                      <button type="button" disabled={busyId === c.userCertId} onClick={() => act(c.userCertId, () => trpc.cert.admin.restore.mutate({ id: c.userCertId }), `已恢复证书 ${c.certNo}`)}>
                        恢复
                      </button>
                    ) : (
                      <button type="button" className="text-danger" onClick={() => setRevoking(c)}>
                        撤销
                      </button>
                    )}
                    <button
                      type="button"
                      disabled={busyId === c.userCertId}
                      onClick={() => act(c.userCertId, () => trpc.cert.admin.regenerate.mutate({ id: c.userCertId }), "证书图片已重新生成")}
                    >
                      {busyId === c.userCertId ? "处理中…" : "重新生成图片"}
                    </button>
                  </div>
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : (
        <EmptyState title={filtered ? "没有符合条件的证书" : "还没有发放证书"} hint="学员通过绑定了证书的考试或课程后自动发放，也可点击「手动发放」" />
      )}
      <div className="mt-4 flex justify-end">
        <Pager total={page.total} pageNo={page.pageNo} pageSize={page.pageSize} hrefFor={hrefFor} />
      </div>
      <CertDetailDialog cert={viewing} onClose={() => setViewing(null)} />
      <RevokeDialog cert={revoking} onClose={() => setRevoking(null)} onDone={refresh} />
      <SendDialog open={sending} templates={data.options} onClose={() => setSending(false)} onDone={refresh} />
    </Card>
  );
}

type ThirdPage = { list: { id: number; mobile: string; nick: string; certName: string; certNo: string; platformName: string; issueTime: number; expireTime: number | null }[]; total: number; pageNo: number; pageSize: number };
type ImportResult = { total: number; imported: number; duplicated: number; errors: { row: number; reason: string }[] };

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result).replace(/^data:[^,]*,/, ""));
    r.onerror = () => reject(new Error("文件读取失败，请重新选择"));
    r.readAsDataURL(file);
  });
}

/** Certificates earned on other platforms, imported from a spreadsheet. */
function ThirdCerts({ page, name }: { page: ThirdPage; name: string }) {
  const [sp] = useSearchParams();
  const refresh = useRefresh();
  const file = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [error, setError] = useState("");
  const hrefFor = (n: number) => {
    const q = new URLSearchParams(sp);
    q.set("page", String(n));
    return `?${q}`;
  };
  async function upload(f: File | undefined) {
    if (file.current) file.current.value = "";
    if (!f) return;
    setError("");
    setResult(null);
    if (!f.name.toLowerCase().endsWith(".xlsx")) return setError("请上传 .xlsx 格式的Excel文件");
    if (f.size > 10 * 1024 * 1024) return setError("文件不能超过10MB");
    setBusy(true);
    try {
      const r = await trpc.cert.admin.thirdImport.mutate({ file: await readBase64(f) });
      setResult(r);
      adminToast.success(`导入完成：成功 ${r.imported} 条`);
      refresh();
    } catch (e) {
      setError(e instanceof Error && !("data" in e) ? e.message : errorMessage(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card className="p-4">
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <Form method="get" className="flex gap-2">
          <input type="hidden" name="tab" value="third" />
          <input name="name" defaultValue={name} placeholder="证书名称或手机号" aria-label="搜索外部证书" maxLength={40} className={`${box} h-10 w-56`} />
          <Button type="submit" variant="secondary">
            查询
          </Button>
        </Form>
        <span className="flex-1" />
        <label className={`inline-flex h-9 cursor-pointer items-center rounded-md bg-primary px-4 text-sm font-medium text-white hover:bg-primary-600 ${busy ? "pointer-events-none opacity-60" : ""}`}>
          {busy ? "正在导入…" : "导入外部证书"}
          <input ref={file} type="file" accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" className="sr-only" aria-label="导入外部证书" disabled={busy} onChange={(e) => void upload(e.target.files?.[0])} />
        </label>
      </div>
      <p className="mb-3 text-xs text-muted">Excel 表头：手机号、证书名称、证书编号、发证平台、发证日期（必填），有效期至、证书图片（选填）；手机号须已注册，同一平台的同一证书编号不会重复导入。</p>
      {error && (
        <p role="alert" className="mb-3 rounded-md bg-[#ffece8] px-3 py-2 text-sm text-danger">
          {error}
        </p>
      )}
      {result && (
        <div className="mb-4 rounded-md border border-border p-3 text-sm" data-testid="third-import-result">
          <p>
            共 {result.total} 行：成功导入 <b className="text-[#00b42a]">{result.imported}</b> 条，重复 {result.duplicated} 条，错误 <b className="text-danger">{result.errors.length}</b> 条
          </p>
          {result.errors.length > 0 && (
            <ul className="mt-2 max-h-48 overflow-y-auto text-xs text-danger">
              {result.errors.map((e) => (
                <li key={e.row}>
                  第 {e.row} 行：{e.reason}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {page.list.length ? (
        <Table>
          <thead>
            <tr>
              <Th>学员</Th>
              <Th>证书名称</Th>
              <Th>证书编号</Th>
              <Th>发证平台</Th>
              <Th>发证日期</Th>
              <Th>有效期至</Th>
            </tr>
          </thead>
          <tbody>
            {page.list.map((t) => (
              <tr key={t.id}>
                <Td>
                  <div>{t.nick}</div>
                  <div className="text-xs text-muted">{t.mobile}</div>
                </Td>
                <Td className="max-w-[260px] truncate" title={t.certName}>
                  {t.certName}
                </Td>
                <Td className="font-mono text-xs">{t.certNo}</Td>
                <Td>{t.platformName}</Td>
                <Td>{formatDate(t.issueTime)}</Td>
                <Td>{t.expireTime ? formatDate(t.expireTime) : "长期有效"}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : (
        <EmptyState title={name ? "没有符合条件的外部证书" : "还没有导入外部证书"} hint="学员在其他平台取得的证书可按模板整理为Excel后导入" />
      )}
      <div className="mt-4 flex justify-end">
        <Pager total={page.total} pageNo={page.pageNo} pageSize={page.pageSize} hrefFor={hrefFor} />
      </div>
    </Card>
  );
}

export const ErrorBoundary = AdminRouteError;
