import { useEffect, useState } from "react";
import { formatDateTime } from "@base/format";
import { Badge } from "~/components/admin/table";
import { adminToast } from "~/components/admin/toast";
import { UserPickerDialog, type PickedUser } from "~/components/org/user-picker-dialog";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { errorMessage, trpc } from "~/lib/trpc";
import { ContentPicker, type ContentType } from "./content-picker";

export interface IssuedCert {
  userCertId: number;
  certNo: string;
  certName: string;
  contentName: string;
  businessTypeName: string;
  realName: string;
  mobile: string;
  idNo: string;
  templateName: string;
  issueTime: number;
  expireTime: number | null;
  status: number;
  statusName: string;
  revokeReason: string;
  revokeTime: number | null;
  sourceName: string;
  certImgUrl: string;
  certPdfUrl: string;
  score: number | null;
  learnHours: number | null;
  shareUrl: string;
}

export const statusTone = (s: number) => (s === 1 ? "green" : s === 3 ? "red" : "gray") as "green" | "red" | "gray";

/** A certificate's image and what it records. */
export function CertDetailDialog({ cert, onClose }: { cert: IssuedCert | null; onClose: () => void }) {
  const [fresh, setFresh] = useState<IssuedCert | null>(null);
  useEffect(() => {
    setFresh(null);
    if (!cert) return;
    let live = true;
    trpc.cert.admin.userDetail.query({ id: cert.userCertId }).then(
      (d) => live && setFresh(d as IssuedCert),
      (e) => live && adminToast.error(errorMessage(e)),
    );
    return () => {
      live = false;
    };
  }, [cert]);
  const c = fresh ?? cert;
  const rows: [string, React.ReactNode][] = c
    ? [
        ["证书编号", <span className="font-mono">{c.certNo}</span>],
        ["证书名称", c.certName],
        ["学员", `${c.realName}${c.mobile ? `（${c.mobile}）` : ""}`],
        ["身份证号", c.idNo || "--"],
        [c.businessTypeName || "内容", c.contentName],
        ["成绩", c.score ?? "--"],
        ["证书模板", c.templateName || "--"],
        ["发证时间", formatDateTime(c.issueTime)],
        ["有效期至", c.expireTime ? formatDateTime(c.expireTime) : "长期有效"],
        ["发放方式", c.sourceName],
        ["状态", <Badge tone={statusTone(c.status)}>{c.statusName}</Badge>],
        ...(c.status === 3 ? ([["撤销原因", c.revokeReason || "--"], ["撤销时间", formatDateTime(c.revokeTime)]] as [string, React.ReactNode][]) : []),
      ]
    : [];
  return (
    <Dialog open={!!cert} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="w-[980px] max-w-[94vw]">
        <DialogTitle>证书详情</DialogTitle>
        {c && (
          <div className="mt-4 flex gap-5">
            <div className="flex min-h-[260px] flex-1 items-center justify-center rounded-md bg-[#f2f3f5] p-2">
              <img src={c.certImgUrl} alt={`证书图片：${c.certNo}`} className="max-h-[64vh] max-w-full shadow" />
            </div>
            <dl className="w-72 shrink-0 space-y-2 text-sm">
              {rows.map(([k, v]) => (
                <div key={k} className="flex gap-2">
                  <dt className="w-20 shrink-0 text-muted">{k}</dt>
                  <dd className="min-w-0 break-all text-[#1d2129]">{v}</dd>
                </div>
              ))}
              <div className="flex gap-3 pt-2">
                <a className="text-primary" href={c.certImgUrl} target="_blank" rel="noreferrer">
                  查看原图
                </a>
                <a className="text-primary" href={c.certPdfUrl} target="_blank" rel="noreferrer">
                  下载PDF
                </a>
                <a className="text-primary" href={c.shareUrl} target="_blank" rel="noreferrer">
                  验证页
                </a>
              </div>
            </dl>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Asks why a certificate is revoked; the reason is required and shown to the learner. */
export function RevokeDialog({ cert, onClose, onDone }: { cert: IssuedCert | null; onClose: () => void; onDone: () => void }) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setReason("");
    setError("");
  }, [cert?.userCertId]);
  async function submit() {
    if (!cert) return;
    if (!reason.trim()) return setError("请输入撤销原因");
    setBusy(true);
    setError("");
    try {
      await trpc.cert.admin.revoke.mutate({ id: cert.userCertId, reason: reason.trim() });
      adminToast.success(`已撤销证书 ${cert.certNo}`);
      onDone();
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog open={!!cert} onOpenChange={(o) => !o && !busy && onClose()}>
      <DialogContent className="w-[480px]">
        <DialogTitle>撤销证书</DialogTitle>
        <DialogDescription>
          撤销后学员的证书显示为已撤销，验证页也将显示撤销状态。证书：{cert?.certNo}（{cert?.realName}）
        </DialogDescription>
        <label className="mt-4 block text-sm">
          <span className="text-danger">*</span> 撤销原因
          <textarea
            className="mt-1 h-24 w-full rounded-md border border-border px-3 py-2 text-sm focus:border-primary focus:outline-none"
            maxLength={200}
            value={reason}
            aria-invalid={!!error || undefined}
            onChange={(e) => setReason(e.target.value)}
            placeholder="如：考试存在作弊行为，成绩作废"
          />
        </label>
        {error && (
          <p role="alert" className="text-xs text-danger">
            {error}
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" disabled={busy} onClick={onClose}>
            取消
          </Button>
          <Button variant="danger" disabled={busy} onClick={submit}>
            {busy ? "处理中…" : "确认撤销"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

type SendResult = { issued: number; skipped: number; failed: { userId: number; reason: string }[] };

/** Gives chosen learners a certificate for a content, outside the automatic rules. */
export function SendDialog({ open, templates, onClose, onDone }: { open: boolean; templates: { id: number; name: string; certName: string }[]; onClose: () => void; onDone: () => void }) {
  const [templateId, setTemplateId] = useState<number | "">("");
  const [type, setType] = useState<ContentType>(3);
  const [contentId, setContentId] = useState<number | "">("");
  const [users, setUsers] = useState<PickedUser[]>([]);
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [result, setResult] = useState<SendResult | null>(null);

  useEffect(() => {
    if (!open) return;
    setTemplateId("");
    setType(3);
    setContentId("");
    setUsers([]);
    setError("");
    setResult(null);
  }, [open]);
  // A content bound to a template suggests it.
  useEffect(() => {
    if (!contentId || templateId) return;
    let live = true;
    trpc.cert.admin.binding.query({ businessType: type, businessId: contentId }).then(
      (b) => live && b.templateId && templates.some((t) => t.id === b.templateId) && setTemplateId(b.templateId),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [type, contentId]);

  async function send() {
    if (!templateId) return setError("请选择证书模板");
    if (!contentId) return setError("请选择发放的内容");
    if (!users.length) return setError("请选择学员");
    setBusy(true);
    setError("");
    try {
      const r = await trpc.cert.admin.send.mutate({ templateId, businessType: type, businessId: contentId, userIds: users.map((u) => u.userId) });
      setResult(r);
      if (r.issued) adminToast.success(`已发放 ${r.issued} 张证书`);
      onDone();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }
  const nameOf = (id: number) => users.find((u) => u.userId === id)?.nick ?? `用户${id}`;
  const select = "h-9 w-full rounded-md border border-border bg-white px-2 text-sm focus:border-primary focus:outline-none";
  return (
    <>
      <Dialog open={open && !picking} onOpenChange={(o) => !o && !busy && onClose()}>
        <DialogContent className="w-[640px] max-w-[94vw]">
          <DialogTitle>手动发放证书</DialogTitle>
          <DialogDescription>向选中的学员发放证书；已持有该内容有效证书的学员将跳过。</DialogDescription>
          {result ? (
            <div className="mt-4 space-y-3 text-sm" data-testid="send-result">
              <div className="flex gap-3">
                <span className="rounded-md bg-[#e8ffea] px-3 py-2 text-[#00b42a]">已发放 {result.issued}</span>
                <span className="rounded-md bg-[#f2f3f5] px-3 py-2 text-[#4e5969]">已跳过 {result.skipped}（已持有有效证书）</span>
                <span className="rounded-md bg-[#ffece8] px-3 py-2 text-danger">失败 {result.failed.length}</span>
              </div>
              {result.failed.length > 0 && (
                <ul className="max-h-40 overflow-y-auto rounded-md border border-border p-2">
                  {result.failed.map((f) => (
                    <li key={f.userId}>
                      {nameOf(f.userId)}：{f.reason}
                    </li>
                  ))}
                </ul>
              )}
              <DialogFooter>
                <Button variant="outline" onClick={() => setResult(null)}>
                  继续发放
                </Button>
                <Button onClick={onClose}>完成</Button>
              </DialogFooter>
            </div>
          ) : (
            <div className="mt-4 space-y-4 text-sm">
              <label className="block">
                证书模板
                <select className={select} aria-label="证书模板" value={templateId} onChange={(e) => setTemplateId(e.target.value ? Number(e.target.value) : "")}>
                  <option value="">请选择证书模板（仅已启用）</option>
                  {templates.map((t) => (
                    <option key={t.id} value={t.id}>
                      {t.name}（{t.certName}）
                    </option>
                  ))}
                </select>
              </label>
              <div>
                <span className="mb-1 block">发放内容</span>
                <ContentPicker
                  type={type}
                  contentId={contentId}
                  idPrefix="send"
                  onChange={(t, id) => {
                    setType(t);
                    setContentId(id);
                  }}
                />
              </div>
              <div>
                <div className="mb-1 flex items-center justify-between">
                  <span>学员（{users.length}）</span>
                  <Button type="button" size="sm" variant="outline" onClick={() => setPicking(true)}>
                    选择学员
                  </Button>
                </div>
                <div className="flex min-h-12 flex-wrap gap-1.5 rounded-md border border-border p-2">
                  {users.length ? (
                    users.map((u) => (
                      <span key={u.userId} className="inline-flex items-center gap-1 rounded bg-primary-50 px-2 py-1 text-xs text-primary">
                        {u.nick}
                        {u.mobile && <span className="text-muted">{u.mobile}</span>}
                        <button type="button" aria-label={`移除${u.nick}`} className="ml-1 text-muted hover:text-danger" onClick={() => setUsers((l) => l.filter((x) => x.userId !== u.userId))}>
                          ×
                        </button>
                      </span>
                    ))
                  ) : (
                    <span className="text-xs text-muted">尚未选择学员</span>
                  )}
                </div>
              </div>
              {error && (
                <p role="alert" className="text-xs text-danger">
                  {error}
                </p>
              )}
              <DialogFooter>
                <Button variant="outline" disabled={busy} onClick={onClose}>
                  取消
                </Button>
                <Button disabled={busy} onClick={send}>
                  {busy ? "发放中…" : `发放${users.length ? `（${users.length}人）` : ""}`}
                </Button>
              </DialogFooter>
            </div>
          )}
        </DialogContent>
      </Dialog>
      <UserPickerDialog
        open={picking}
        title="选择学员"
        confirmText="确定"
        excludeIds={users.map((u) => u.userId)}
        onClose={() => setPicking(false)}
        onConfirm={(picked) => setUsers((l) => [...l, ...picked.filter((p) => !l.some((x) => x.userId === p.userId))])}
      />
    </>
  );
}
