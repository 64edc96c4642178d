import { useEffect, useState } from "react";
import { Table, Td, Th } from "~/components/admin/table";
import { adminToast } from "~/components/admin/toast";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { errorMessage, trpc } from "~/lib/trpc";
import { ContentPicker, type ContentType } from "./content-picker";

export interface Binding {
  businessType: number;
  businessTypeName: string;
  businessId: number;
  name: string;
}

/** The contents a template is bound to: a learner who passes or completes one is given the certificate. */
export function BindingPanel({ templateId, enabled, initial }: { templateId: number; enabled: boolean; initial: Binding[] }) {
  const [bindings, setBindings] = useState<Binding[]>(initial);
  const [type, setType] = useState<ContentType>(3);
  const [contentId, setContentId] = useState<number | "">("");
  const [current, setCurrent] = useState<{ templateId: number | null; templateName: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => setBindings(initial), [initial]);
  useEffect(() => {
    setCurrent(null);
    if (!contentId) return;
    let live = true;
    trpc.cert.admin.binding.query({ businessType: type, businessId: contentId }).then(
      (b) => live && setCurrent(b),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [type, contentId]);

  async function reload() {
    const r = await trpc.cert.admin.checkBindStatus.query({ id: templateId });
    setBindings(r.bindings);
  }
  async function run(fn: () => Promise<unknown>, ok: string) {
    setBusy(true);
    try {
      await fn();
      adminToast.success(ok);
      await reload();
    } catch (e) {
      adminToast.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }
  const bind = () =>
    run(async () => {
      await trpc.cert.admin.bind.mutate({ templateId, businessType: type, businessId: Number(contentId) });
      setContentId("");
    }, "已绑定，学员通过后将自动发放本证书");

  const elsewhere = current?.templateId && current.templateId !== templateId;
  return (
    <Card className="mt-4 p-4" aria-label="绑定内容">
      <h2 className="mb-1 text-base font-semibold text-[#1d2129]">绑定内容</h2>
      <p className="mb-3 text-xs text-muted">考试通过、课程学完或考试系列全部通过后，系统自动向学员发放本证书。一项内容只能绑定一个证书模板。</p>
      {!enabled && <p className="mb-3 rounded-md bg-[#fff7e8] px-3 py-2 text-sm text-[#d25f00]">模板已停用，启用后才能绑定新的内容。</p>}
      <div className="flex flex-wrap items-center gap-2">
        <ContentPicker
          type={type}
          contentId={contentId}
          idPrefix="bind"
          onChange={(t, id) => {
            setType(t);
            setContentId(id);
          }}
        />
        <Button type="button" disabled={busy || !contentId} onClick={bind}>
          绑定
        </Button>
      </div>
      {current && (current.templateId === templateId ? (
        <p className="mt-2 text-xs text-muted">该内容已绑定本模板。</p>
      ) : elsewhere ? (
        <p className="mt-2 text-xs text-[#d25f00]">该内容当前绑定「{current.templateName}」，绑定后将改为本模板。</p>
      ) : null)}
      <div className="mt-4">
        {bindings.length ? (
          <Table>
            <thead>
              <tr>
                <Th>类型</Th>
                <Th>内容名称</Th>
                <Th className="w-32">操作</Th>
              </tr>
            </thead>
            <tbody>
              {bindings.map((b) => (
                <tr key={`${b.businessType}-${b.businessId}`} data-testid="cert-binding-row">
                  <Td>{b.businessTypeName}</Td>
                  <Td className="max-w-[420px] truncate" title={b.name}>
                    {b.name || `#${b.businessId}`}
                  </Td>
                  <Td>
                    <button
                      type="button"
                      className="text-sm text-danger disabled:opacity-50"
                      disabled={busy}
                      aria-label={`解除绑定：${b.name}`}
                      onClick={() => run(() => trpc.cert.admin.unbind.mutate({ businessType: b.businessType as ContentType, businessId: b.businessId }), "已解除绑定")}
                    >
                      解除绑定
                    </button>
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        ) : (
          <p className="rounded-md bg-[#f7f8fa] px-3 py-4 text-center text-sm text-muted">尚未绑定任何内容</p>
        )}
      </div>
    </Card>
  );
}
