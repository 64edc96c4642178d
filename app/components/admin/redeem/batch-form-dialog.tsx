import { useEffect, useState } from "react";
import { GoodsPicker, GOODS_TYPE_LABELS } from "~/components/admin/goods-picker";
import { adminToast } from "~/components/admin/toast";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { errorMessage, trpc } from "~/lib/trpc";
import { formatDate, fromChinaInput } from "@base/format";

const field = "h-9 w-full rounded-md border border-border bg-white px-3 text-sm focus:border-primary focus:outline-none";
const TYPES = [1, 2, 4].map((value) => ({ value, label: GOODS_TYPE_LABELS[value]! }));

const DAY = 86_400_000;
/** Whole China-time days: from 00:00 of the first to 23:59:59 of the last. */
const dayStart = (v: string) => fromChinaInput(`${v}T00:00`);
const dayEnd = (v: string) => fromChinaInput(`${v}T23:59:59`);

/** 新建批次: name, what the codes give (type and a picked course, live or map), how many, validity, remark. */
export function BatchFormDialog({ open, onClose, onSaved }: { open: boolean; onClose: () => void; onSaved: (id: number) => void }) {
  const [name, setName] = useState("");
  const [goodsType, setGoodsType] = useState(1);
  const [goodsId, setGoodsId] = useState<number | null>(null);
  const [count, setCount] = useState("100");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [remark, setRemark] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    const now = Date.now();
    setName("");
    setGoodsType(1);
    setGoodsId(null);
    setCount("100");
    setFrom(formatDate(now));
    setTo(formatDate(now + 365 * DAY));
    setRemark("");
    setError("");
  }, [open]);

  async function save() {
    setError("");
    const n = Number(count);
    if (!name.trim()) return setError("请输入批次名称");
    if (!goodsId) return setError(`请选择兑换的${GOODS_TYPE_LABELS[goodsType]}`);
    if (!Number.isInteger(n) || n < 1 || n > 10000) return setError("生成数量须在1-10000之间");
    if (!from || !to) return setError(!from ? "请选择有效期开始日期" : "请选择有效期结束日期");
    if (dayEnd(to) <= dayStart(from)) return setError("有效期结束日期不能早于开始日期");
    setBusy(true);
    try {
      const r = await trpc.redeem.admin.create.mutate({ name, goodsType: goodsType as 1 | 2 | 4, goodsId, count: n, validFrom: dayStart(from), validTo: dayEnd(to), remark });
      adminToast.success(`已生成${r.count}个兑换码`);
      onSaved(r.id);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  if (!open) return null;
  return (
    <Dialog open onOpenChange={(o) => !o && !busy && onClose()}>
      <DialogContent className="max-h-[90vh] w-[600px] overflow-y-auto" aria-describedby={undefined}>
        <DialogTitle>新建兑换码批次</DialogTitle>
        <div className="mt-3 space-y-4 text-sm">
          <label className="block space-y-1">
            <span>
              批次名称 <span className="text-danger">*</span>
            </span>
            <input className={field} value={name} maxLength={50} onChange={(e) => setName(e.target.value)} placeholder="如：2026年度单位集中采购兑换码" aria-label="批次名称" />
          </label>
          <div className="space-y-1">
            <span>
              兑换内容 <span className="text-danger">*</span>
            </span>
            <GoodsPicker
              types={TYPES}
              goodsType={goodsType}
              goodsId={goodsId}
              shown
              fieldClass={field}
              onChange={(type, id) => {
                setGoodsType(type);
                setGoodsId(id);
              }}
            />
          </div>
          <label className="block space-y-1">
            <span>
              生成数量 <span className="text-danger">*</span>
            </span>
            <input className={field} type="number" min={1} max={10000} value={count} onChange={(e) => setCount(e.target.value)} aria-label="生成数量" />
            <span className="text-xs text-muted">1-10000个；每个兑换码仅能兑换一次，生成后可在“使用明细”中查看或下载。</span>
          </label>
          <div className="space-y-1">
            <span>
              有效期 <span className="text-danger">*</span>
            </span>
            <div className="flex items-center gap-2">
              <input type="date" className={field} value={from} onChange={(e) => setFrom(e.target.value)} aria-label="有效期开始日期" />
              <span>至</span>
              <input type="date" className={field} value={to} onChange={(e) => setTo(e.target.value)} aria-label="有效期结束日期" />
            </div>
            <span className="text-xs text-muted">按北京时间计算，开始日 0:00 起至结束日 23:59:59 止。</span>
          </div>
          <label className="block space-y-1">
            <span>备注</span>
            <textarea className="h-20 w-full rounded-md border border-border p-2" maxLength={200} value={remark} onChange={(e) => setRemark(e.target.value)} aria-label="备注" />
          </label>
          {error && (
            <p className="text-danger" role="alert">
              {error}
            </p>
          )}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            取消
          </Button>
          <Button onClick={() => void save()} disabled={busy}>
            {busy ? "生成中…" : "生成兑换码"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
