import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useFetcher, useLoaderData } from "@remix-run/react";
import { useRef, useState } from "react";
import { LegacyCode, legacyCodeOf } from "@base/errors";
import { adminLoad, loginUrl, readableError } from "~/components/admin/guard.server";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { ToolResult } from "~/components/tool/tool-result";
import { runTool } from "~/components/tool/run.server";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { serverCaller } from "~/lib/caller.server";

export const meta: MetaFunction = () => [{ title: "诊断工具 - 财云学院管理后台" }];

export const loader = ({ request }: LoaderFunctionArgs) => adminLoad(request, (caller) => caller.tool.tools.list());

export type ToolAnswer = { code: string; ok: true; result: unknown } | { code: string; ok: false; message: string };

/** One card's run: the tool's own procedure, its refusal as a readable message. */
export const action = async ({ request }: ActionFunctionArgs): Promise<ToolAnswer> => {
  const form = await request.formData();
  const code = String(form.get("code") ?? "");
  const { caller } = await serverCaller(request);
  try {
    return { code, ok: true, result: await runTool(caller, code, form) };
  } catch (error) {
    if (legacyCodeOf(error) === LegacyCode.notLoggedIn) throw redirect(loginUrl(request));
    if (error instanceof Error && error.message.startsWith("unknown tool")) return { code, ok: false, message: "工具不存在" };
    const message = readableError(error);
    if (message === "服务器开小差了，请稍后再试") console.error(`[admin] tool ${code} failed:`, error);
    return { code, ok: false, message };
  }
};

type Group = ReturnType<typeof useLoaderData<typeof loader>>[number];
type ToolView = Group["tools"][number];

const inputClass = "h-9 w-full rounded-md border border-border bg-white px-3 text-sm";

function Field({ field }: { field: ToolView["fields"][number] }) {
  const id = `tool-field-${field.name}`;
  const common = { name: field.name, required: field.required, placeholder: field.placeholder };
  return (
    <label className="flex flex-col gap-1 text-sm text-[#4e5969]">
      <span>
        {field.label}
        {field.required && <span className="ml-0.5 text-red-500">*</span>}
      </span>
      {field.kind === "textarea" ? (
        <textarea {...common} aria-label={field.label} className="min-h-[72px] w-full rounded-md border border-border bg-white px-3 py-2 text-sm" />
      ) : field.kind === "select" ? (
        <select {...common} aria-label={field.label} className={inputClass} defaultValue={field.options?.[0]?.value}>
          {field.options?.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : field.kind === "file" ? (
        <input {...common} id={id} aria-label={field.label} type="file" accept=".xlsx" className="text-sm" />
      ) : (
        <input {...common} aria-label={field.label} type={field.kind === "number" ? "number" : "text"} min={field.kind === "number" ? 1 : undefined} className={inputClass} />
      )}
    </label>
  );
}

/** A tool: what it does, its form, a run button (asking first for a dangerous one), and its answer. */
function ToolCard({ tool }: { tool: ToolView }) {
  const fetcher = useFetcher<ToolAnswer>({ key: `tool-${tool.code}` });
  const formRef = useRef<HTMLFormElement>(null);
  const [confirming, setConfirming] = useState(false);
  const busy = fetcher.state !== "idle";
  const submit = () => {
    if (!formRef.current) return;
    fetcher.submit(new FormData(formRef.current), { method: "post", encType: "multipart/form-data" });
    setConfirming(false);
  };
  const answer = fetcher.data?.code === tool.code ? fetcher.data : undefined;
  return (
    <Card className="flex flex-col p-4" data-tool={tool.code} aria-label={tool.title}>
      <div className="flex items-center gap-2">
        <h3 className="text-base font-semibold text-[#1d2129]">{tool.title}</h3>
        <code className="rounded bg-[#f2f3f5] px-1.5 py-0.5 text-xs text-[#86909c]">{tool.code}</code>
        {tool.danger && <span className="rounded bg-red-50 px-1.5 py-0.5 text-xs text-red-600">谨慎操作</span>}
        {tool.readOnly && <span className="rounded bg-[#e8f3ff] px-1.5 py-0.5 text-xs text-[#165dff]">只读</span>}
      </div>
      <p className="mt-2 text-sm leading-6 text-[#4e5969]">{tool.description}</p>
      <form
        ref={formRef}
        className="mt-3 flex flex-col gap-3"
        encType="multipart/form-data"
        onSubmit={(e) => {
          e.preventDefault();
          if (tool.danger) setConfirming(true);
          else submit();
        }}
      >
        <input type="hidden" name="code" value={tool.code} />
        {tool.fields.length > 0 && (
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            {tool.fields.map((f) => (
              <Field key={f.name} field={f} />
            ))}
          </div>
        )}
        <div>
          <Button type="submit" size="sm" variant={tool.danger ? "danger" : "default"} disabled={busy}>
            {busy ? "执行中…" : "执行"}
          </Button>
        </div>
      </form>
      {answer && (
        <div className="mt-3" role="status" aria-label={`${tool.title}结果`}>
          {answer.ok ? <ToolResult value={answer.result} /> : <p className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-600">执行失败：{answer.message}</p>}
        </div>
      )}
      <ConfirmDialog
        request={confirming ? { title: `确认执行「${tool.title}」？`, description: tool.description, confirmText: "确认执行", danger: true } : null}
        busy={busy}
        onConfirm={submit}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}

/** The diagnostic and repair tools, by group (docs/decisions/036-diagnostic-tools.md). */
export default function AdminTools() {
  const groups = useLoaderData<typeof loader>();
  return (
    <div>
      <PageHeader title="诊断工具" trail="工具 / 诊断工具" />
      <p className="mb-4 text-sm text-[#86909c]">每次执行会记入操作日志（只读工具除外）。修复类工具可重复执行，第二次不会再改动数据。</p>
      <div className="flex flex-col gap-6">
        {groups.map((g) => (
          <section key={g.group} aria-label={g.title}>
            <h2 className="mb-3 text-base font-semibold text-[#1d2129]">{g.title}</h2>
            <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
              {g.tools.map((t) => (
                <ToolCard key={t.code} tool={t} />
              ))}
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}

export const ErrorBoundary = AdminRouteError;
