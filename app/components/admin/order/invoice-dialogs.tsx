import { useEffect, useState } from "react";
import { formatDateTime } from "@base/format";
import { UploadField } from "~/components/upload/upload-field";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { yuan, type AdminInvoice } from "./order-format";

const INVOICE_NO_MAX = 40;
const INVOICE_MAX_MB = 10;

/** The header the learner asked for, as the admin copies it into the tax system. */
export function InvoiceHeader({ invoice: i }: { invoice: AdminInvoice }) {
  const rows: [string, string][] = [
    ["抬头类型", i.headUserTypeName],
    ["发票抬头", i.headName],
    ["税号", i.taxNo],
    ["注册地址", i.registerAddress],
    ["注册电话", i.registerPhone],
    ["开户银行", i.bankName],
    ["银行账号", i.bankAccount],
    ["接收邮箱", i.email],
  ];
  return (
    <dl className="grid grid-cols-[72px_1fr] gap-x-3 gap-y-1.5 rounded-md bg-[#f7f8fa] p-3 text-sm">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-muted">{k}</dt>
          <dd className="min-w-0 break-all text-[#1d2129]">{v || "--"}</dd>
        </div>
      ))}
    </dl>
  );
}

/** 开具发票: the e-invoice PDF (required) and its number (optional). */
export function IssueInvoiceDialog({ invoice, onClose, onIssue }: { invoice: AdminInvoice | null; onClose: () => void; onIssue: (fileKey: string, invoiceNo: string) => Promise<void> }) {
  const [file, setFile] = useState<{ key: string; url: string } | null>(null);
  const [invoiceNo, setInvoiceNo] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setFile(null);
    setInvoiceNo("");
    setError("");
  }, [invoice]);

  async function submit() {
    if (!file) return setError("请上传电子发票");
    if (invoiceNo.trim() && !/^[A-Za-z0-9-]+$/.test(invoiceNo.trim())) return setError("发票号码只能包含数字、字母和短横线");
    setBusy(true);
    setError("");
    try {
      await onIssue(file.key, invoiceNo.trim());
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog open={!!invoice} onOpenChange={(o) => !o && !busy && onClose()}>
      <DialogContent className="w-[560px]">
        <DialogTitle>开具发票</DialogTitle>
        {invoice && (
          <>
            <DialogDescription>
              订单 <span className="font-mono">{invoice.tradeNo}</span>（{invoice.nick}，{invoice.goodsName}），开票金额 <b className="text-[#1d2129]">{yuan(invoice.amount)}</b>，申请于 {formatDateTime(invoice.applyTime)}。
            </DialogDescription>
            <div className="mt-3">
              <InvoiceHeader invoice={invoice} />
            </div>
            <div className="mt-4 space-y-1 text-sm">
              <p className="text-[#1d2129]">
                <span className="text-danger">*</span> 电子发票（PDF，不超过{INVOICE_MAX_MB}MB，仅学员本人和管理员可查看）
              </p>
              {/* The private invoice purpose (midPath invoice): only admins and the buyer ever get a link to it. */}
              <UploadField
                name="fileKey"
                kind="file"
                accept=".pdf,application/pdf"
                maxSizeMb={INVOICE_MAX_MB}
                midPath="invoice"
                label="上传电子发票"
                wrongTypeMessage="请上传PDF格式的电子发票"
                onUploaded={(f) => {
                  setFile(f);
                  setError("");
                }}
              />
            </div>
            <label className="mt-4 block text-sm text-[#1d2129]">
              发票号码（选填）
              <input
                value={invoiceNo}
                maxLength={INVOICE_NO_MAX}
                onChange={(e) => setInvoiceNo(e.target.value)}
                placeholder="如：26332000000012345678"
                className="mt-1 h-9 w-full rounded-md border border-border px-3 text-sm focus:border-primary focus:outline-none"
              />
            </label>
            {error && (
              <p role="alert" className="mt-2 text-xs text-danger">
                {error}
              </p>
            )}
            <DialogFooter>
              <Button variant="outline" disabled={busy} onClick={onClose}>
                取消
              </Button>
              <Button disabled={busy} onClick={submit}>
                {busy ? "提交中…" : "确认开具"}
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
