import { useEffect, useState } from "react";
import { invoiceHeaderInput, INVOICE_HEAD_TYPES } from "@trpc-app/order/invoice-rules";
import { formatMoney } from "@base/format";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { errorMessage, trpc } from "~/lib/trpc";
import { cn } from "~/lib/utils";

type Field = "headUserType" | "headName" | "taxNo" | "registerPhone" | "registerAddress" | "bankName" | "bankAccount" | "email";
type Form = Record<Field, string>;
const EMPTY: Form = { headUserType: "", headName: "", taxNo: "", registerPhone: "", registerAddress: "", bankName: "", bankAccount: "", email: "" };

const FIELDS: { key: Exclude<Field, "headUserType">; label: string; required?: true; max: number; placeholder: string }[] = [
  { key: "headName", label: "发票抬头", required: true, max: 30, placeholder: "请输入发票抬头" },
  { key: "taxNo", label: "税号", required: true, max: 20, placeholder: "请输入发票税号" },
  { key: "registerPhone", label: "注册电话", max: 13, placeholder: "选填，如 0571-87654321" },
  { key: "registerAddress", label: "注册地址", max: 43, placeholder: "选填" },
  { key: "bankName", label: "开户银行", max: 100, placeholder: "选填" },
  { key: "bankAccount", label: "银行账号", max: 50, placeholder: "选填" },
  { key: "email", label: "接收邮箱", max: 100, placeholder: "选填，开票后发送电子发票" },
];

/**
 * 发票信息 (learner-front-end.md 5): the header, checked in the browser with the server's own rules
 * and again by the server, prefilled from the saved header; submitting asks the invoice of the order.
 */
export function InvoiceModal({ tradeNo, amount, open, onClose, onDone }: { tradeNo: string; amount: number; open: boolean; onClose: () => void; onDone: () => void }) {
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [serverError, setServerError] = useState("");
  const [busy, setBusy] = useState(false);
  // The saved header fills the form before it can be typed in, so it never overwrites what was typed.
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (!open) return;
    setErrors({});
    setServerError("");
    setReady(false);
    trpc.order.getInvoiceHeader
      .query()
      .then((h) =>
        setForm({
          headUserType: h.headUserType ? String(h.headUserType) : "",
          headName: h.headName,
          taxNo: h.taxNo,
          registerPhone: h.registerPhone,
          registerAddress: h.registerAddress,
          bankName: h.bankName,
          bankAccount: h.bankAccount,
          email: h.email,
        }),
      )
      .catch(() => {})
      .finally(() => setReady(true));
  }, [open]);

  const set = (key: Field, value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async () => {
    const parsed = invoiceHeaderInput.safeParse(form);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as Field;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setBusy(true);
    setServerError("");
    try {
      await trpc.order.invoice.mutate({ tradeNo, ...form } as never);
      onDone();
    } catch (e) {
      setServerError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="w-[560px]" data-testid="invoice-modal">
        <DialogTitle>发票信息</DialogTitle>
        <DialogDescription>电子发票 · 开票金额 ¥{formatMoney(amount)} · 发票内容：培训费</DialogDescription>
        <div className="mt-4 space-y-3 text-sm">
          <div className="flex items-start gap-3">
            <span className="w-20 shrink-0 pt-1.5 text-right text-[#4e5969]"><span className="text-[#f53f3f]">*</span>发票类型</span>
            <div className="flex-1">
              <div className="flex gap-2" role="radiogroup" aria-label="发票类型">
                {Object.entries(INVOICE_HEAD_TYPES).map(([value, label]) => (
                  <button
                    key={value}
                    type="button"
                    role="radio"
                    aria-checked={form.headUserType === value}
                    onClick={() => set("headUserType", value)}
                    className={cn("h-8 rounded border px-4", form.headUserType === value ? "border-primary bg-primary-50 text-primary" : "border-[#c9cdd4] text-[#4e5969] hover:border-primary")}
                  >
                    {label}
                  </button>
                ))}
              </div>
              {errors.headUserType ? <p className="mt-1 text-xs text-[#f53f3f]">{errors.headUserType}</p> : null}
            </div>
          </div>
          {FIELDS.map((f) => (
            <label key={f.key} className="flex items-start gap-3">
              <span className="w-20 shrink-0 pt-1.5 text-right text-[#4e5969]">
                {f.required ? <span className="text-[#f53f3f]">*</span> : null}
                {f.label}
              </span>
              <span className="flex-1">
                <Input value={form[f.key]} disabled={!ready} placeholder={f.placeholder} aria-label={f.label} invalid={!!errors[f.key]} onChange={(e) => set(f.key, e.target.value)} />
                {errors[f.key] ? <span className="mt-1 block text-xs text-[#f53f3f]">{errors[f.key]}</span> : null}
              </span>
            </label>
          ))}
        </div>
        {serverError ? <p className="mt-3 text-sm text-[#f53f3f]" role="alert">{serverError}</p> : null}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>取消</Button>
          <Button onClick={submit} disabled={busy || !ready}>{busy ? "正在提交…" : "提交申请"}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
