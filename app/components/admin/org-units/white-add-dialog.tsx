import { useEffect, useState } from "react";
import { adminToast } from "~/components/admin/toast";
import { Badge, Table, Td, Th } from "~/components/admin/table";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { errorMessage, trpc } from "~/lib/trpc";

const field = "h-9 w-full rounded-md border border-border bg-white px-3 text-sm focus:border-primary focus:outline-none";

export const WHITE_TYPES = [
  { value: 1, label: "考试免软件监控", business: "考试" },
  { value: 2, label: "课程仅乐采云", business: "课程" },
  { value: 3, label: "考试免人脸核验", business: "考试" },
] as const;

type Result = Awaited<ReturnType<typeof trpc.org.admin.white.create.mutate>>;
type Option = { id: number; name: string };

/** The exams (or courses) an entry may apply to, by name. */
async function businessOptions(type: number, keyword: string): Promise<Option[]> {
  const kw = keyword.trim() || undefined;
  if (type === 2) return (await trpc.course.admin.page.query({ keyword: kw, pageNo: 1, pageSize: 30 })).list.map((c) => ({ id: c.id, name: c.name }));
  return (await trpc.exam.admin.exam.page.query({ name: kw, pageNo: 1, pageSize: 30 })).list.map((e) => ({ id: e.id, name: e.name }));
}

/** 添加白名单: a type, one exam or course (or all), mobiles pasted one a line; answers a result per row. */
export function WhiteAddDialog({ open, defaultType, onClose, onSaved }: { open: boolean; defaultType: number; onClose: () => void; onSaved: () => void }) {
  const [type, setType] = useState(defaultType);
  const [scope, setScope] = useState<"all" | "one">("all");
  const [keyword, setKeyword] = useState("");
  const [options, setOptions] = useState<Option[]>([]);
  const [businessId, setBusinessId] = useState(0);
  const [mobiles, setMobiles] = useState("");
  const [cause, setCause] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const business = WHITE_TYPES.find((t) => t.value === type)?.business ?? "考试";

  useEffect(() => {
    if (!open) return;
    setType(defaultType);
    setScope("all");
    setKeyword("");
    setBusinessId(0);
    setMobiles("");
    setCause("");
    setError("");
    setResult(null);
  }, [open, defaultType]);

  useEffect(() => {
    if (!open || scope !== "one") return;
    let live = true;
    const timer = setTimeout(() => {
      businessOptions(type, keyword).then(
        (list) => live && setOptions(list),
        () => live && setOptions([]),
      );
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [open, scope, type, keyword]);

  async function save() {
    setError("");
    if (!mobiles.trim()) return setError("请填写要加入白名单的手机号");
    if (scope === "one" && !businessId) return setError(`请选择${business}`);
    setBusy(true);
    try {
      const r = await trpc.org.admin.white.create.mutate({ whiteBusinessType: type as 1 | 2 | 3, businessId: scope === "one" ? businessId : 0, mobiles: mobiles.split(/[,，\s]+/).filter(Boolean), cause });
      setResult(r);
      if (r.added) adminToast.success(`已添加${r.added}人`);
      onSaved();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  if (!open) return null;
  return (
    <Dialog open onOpenChange={(o) => !o && !busy && onClose()}>
      <DialogContent className="max-h-[90vh] w-[640px] overflow-y-auto" aria-describedby={undefined}>
        <DialogTitle>添加白名单</DialogTitle>
        {result ? (
          <div className="mt-3 space-y-3 text-sm">
            <p>
              {result.businessName}：共 {result.total} 行，新增 <span className="text-[#00b42a]">{result.added}</span>，已在名单 {result.existed}，失败 <span className="text-danger">{result.failed}</span>
            </p>
            <Table aria-label="添加结果">
              <thead>
                <tr>
                  <Th>行</Th>
                  <Th>手机号</Th>
                  <Th>学员</Th>
                  <Th>结果</Th>
                </tr>
              </thead>
              <tbody>
                {result.results.map((r) => (
                  <tr key={r.row} data-testid="white-result-row">
                    <Td>{r.row}</Td>
                    <Td>{r.value}</Td>
                    <Td>{r.nick || "--"}</Td>
                    <Td>
                      <Badge tone={r.status === "added" ? "green" : r.status === "existed" ? "blue" : "red"}>{r.message}</Badge>
                    </Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        ) : (
          <div className="mt-3 space-y-4 text-sm">
            <label className="block space-y-1">
              <span>白名单类型</span>
              <select
                className={field}
                value={type}
                onChange={(e) => {
                  setType(Number(e.target.value));
                  setBusinessId(0);
                }}
                aria-label="白名单类型"
              >
                {WHITE_TYPES.map((t) => (
                  <option key={t.value} value={t.value}>
                    {t.label}
                  </option>
                ))}
              </select>
            </label>
            <div className="space-y-1">
              <span>适用范围</span>
              <div className="flex gap-4">
                <label className="flex items-center gap-1">
                  <input type="radio" checked={scope === "all"} onChange={() => setScope("all")} /> 全部{business}
                </label>
                <label className="flex items-center gap-1">
                  <input type="radio" checked={scope === "one"} onChange={() => setScope("one")} /> 指定{business}
                </label>
              </div>
              {scope === "one" && (
                <div className="flex gap-2">
                  <input className={field} value={keyword} onChange={(e) => setKeyword(e.target.value)} placeholder={`搜索${business}名称`} aria-label={`搜索${business}`} />
                  <select className={field} value={businessId} onChange={(e) => setBusinessId(Number(e.target.value))} aria-label={`选择${business}`}>
                    <option value={0}>请选择{business}</option>
                    {options.map((o) => (
                      <option key={o.id} value={o.id}>
                        {o.name}
                      </option>
                    ))}
                  </select>
                </div>
              )}
            </div>
            <label className="block space-y-1">
              <span>
                手机号 <span className="text-danger">*</span>
              </span>
              <textarea className="h-28 w-full rounded-md border border-border p-2 font-mono" value={mobiles} onChange={(e) => setMobiles(e.target.value)} placeholder={"每行一个，或用逗号、空格分隔，一次最多500个"} aria-label="手机号" />
            </label>
            <label className="block space-y-1">
              <span>原因</span>
              <input className={field} value={cause} maxLength={200} onChange={(e) => setCause(e.target.value)} placeholder="如：考点机房无法安装监考助手" aria-label="原因" />
            </label>
            {error && (
              <p className="text-danger" role="alert">
                {error}
              </p>
            )}
          </div>
        )}
        <DialogFooter>
          {result ? (
            <>
              <Button variant="outline" onClick={() => setResult(null)}>
                继续添加
              </Button>
              <Button onClick={onClose}>完成</Button>
            </>
          ) : (
            <>
              <Button variant="outline" onClick={onClose} disabled={busy}>
                取消
              </Button>
              <Button onClick={() => void save()} disabled={busy}>
                {busy ? "添加中…" : "添加"}
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
