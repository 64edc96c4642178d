import { useEffect, useState } from "react";
import { errorMessage, trpc } from "~/lib/trpc";

const field = "h-9 w-full rounded-md border border-border px-3 text-sm focus:border-primary focus:outline-none";

/** The certificate an exam awards: changing it binds (or unbinds) at once. */
export function ExamCertSelect({ examId }: { examId: number }) {
  const [options, setOptions] = useState<{ id: number; name: string; certName: string }[]>([]);
  const [current, setCurrent] = useState<{ templateId: number | null; templateName: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [msg, setMsg] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    let live = true;
    setMsg(null);
    Promise.all([trpc.cert.admin.options.query(), trpc.cert.admin.binding.query({ businessType: 3, businessId: examId })]).then(
      ([o, b]) => {
        if (!live) return;
        setOptions(o.list);
        setCurrent(b);
      },
      (e) => live && setMsg({ ok: false, text: errorMessage(e) }),
    );
    return () => {
      live = false;
    };
  }, [examId]);

  async function change(value: string) {
    setBusy(true);
    setMsg(null);
    try {
      const b = value ? await trpc.cert.admin.bind.mutate({ templateId: Number(value), businessType: 3, businessId: examId }) : await trpc.cert.admin.unbind.mutate({ businessType: 3, businessId: examId });
      setCurrent(b);
      setMsg({ ok: true, text: value ? `已绑定「${b.templateName}」` : "已取消证书" });
    } catch (e) {
      setMsg({ ok: false, text: errorMessage(e) });
    } finally {
      setBusy(false);
    }
  }

  // A bound template that has since been disabled still shows as the current one.
  const missing = current?.templateId && !options.some((o) => o.id === current.templateId);
  return (
    <div className="rounded-md border border-border p-3">
      <label className="block">
        证书
        <select className={field} aria-label="证书" disabled={busy || !current} value={current?.templateId ?? ""} onChange={(e) => change(e.target.value)}>
          <option value="">不发放证书</option>
          {missing && <option value={current!.templateId!}>{current!.templateName}（已停用）</option>}
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}（{o.certName}）
            </option>
          ))}
        </select>
      </label>
      <p className="mt-1 text-xs text-muted">考试通过后自动发放证书，修改后立即生效。</p>
      {msg && <p role={msg.ok ? "status" : "alert"} className={`mt-1 text-xs ${msg.ok ? "text-[#00b42a]" : "text-danger"}`}>{msg.text}</p>}
    </div>
  );
}
