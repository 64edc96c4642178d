import { useEffect, useState } from "react";
import { GoodsPicker, GOODS_TYPE_LABELS } from "~/components/admin/goods-picker";
import { adminToast } from "~/components/admin/toast";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { errorMessage, trpc } from "~/lib/trpc";

const field = "h-9 w-full rounded-md border border-border bg-white px-3 text-sm focus:border-primary focus:outline-none";
const TYPES = [1, 2, 4].map((value) => ({ value, label: GOODS_TYPE_LABELS[value]! }));
const CODE_RULE = /^[A-Za-z0-9_]{2,32}$/;

export interface ChannelRow {
  id: number;
  channelCode: string;
  name: string;
  targetType: number;
  targetId: number;
  targetName: string;
  remark: string;
  status: number;
  visitCount: number;
}

/** 新建渠道 / 编辑渠道: code (fixed once visited), name, the promoted course, live or map, remark, status. */
export function ChannelFormDialog({ editing, open, onClose, onSaved }: { editing: ChannelRow | null; open: boolean; onClose: () => void; onSaved: () => void }) {
  const [code, setCode] = useState("");
  const [name, setName] = useState("");
  const [targetType, setTargetType] = useState(1);
  const [targetId, setTargetId] = useState<number | null>(null);
  const [remark, setRemark] = useState("");
  const [status, setStatus] = useState(1);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const codeFixed = !!editing && editing.visitCount > 0;

  useEffect(() => {
    if (!open) return;
    setCode(editing?.channelCode ?? "");
    setName(editing?.name ?? "");
    setTargetType(editing?.targetType ?? 1);
    setTargetId(editing?.targetId ?? null);
    setRemark(editing?.remark ?? "");
    setStatus(editing?.status ?? 1);
    setError("");
  }, [open, editing]);

  async function save() {
    setError("");
    if (!CODE_RULE.test(code.trim())) return setError("渠道编码须为2-32位字母、数字或下划线");
    if (!name.trim()) return setError("请输入渠道名称");
    if (!targetId) return setError(`请选择推广的${GOODS_TYPE_LABELS[targetType]}`);
    const input = { code: code.trim(), name, targetType: targetType as 1 | 2 | 4, targetId, remark, status };
    setBusy(true);
    try {
      if (editing) await trpc.org.admin.channel.update.mutate({ ...input, id: editing.id });
      else await trpc.org.admin.channel.save.mutate(input);
      adminToast.success(editing ? "渠道已保存" : "渠道已新建");
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
      <DialogContent className="max-h-[90vh] w-[600px] overflow-y-auto" aria-describedby={undefined}>
        <DialogTitle>{editing ? "编辑渠道" : "新建渠道"}</DialogTitle>
        <div className="mt-3 space-y-4 text-sm">
          <label className="block space-y-1">
            <span>
              渠道编码 <span className="text-danger">*</span>
            </span>
            <input className={field} value={code} maxLength={32} disabled={codeFixed} onChange={(e) => setCode(e.target.value)} placeholder="如：wx_mp" aria-label="渠道编码" />
            <span className="text-xs text-muted">{codeFixed ? "该渠道已有访问记录，编码不能修改。" : "2-32位字母、数字或下划线，不区分大小写，出现在推广链接中。"}</span>
          </label>
          <label className="block space-y-1">
            <span>
              渠道名称 <span className="text-danger">*</span>
            </span>
            <input className={field} value={name} maxLength={50} onChange={(e) => setName(e.target.value)} placeholder="如：微信公众号推广" aria-label="渠道名称" />
          </label>
          <div className="space-y-1">
            <span>
              推广内容 <span className="text-danger">*</span>
            </span>
            <GoodsPicker
              types={TYPES}
              goodsType={targetType}
              goodsId={targetId}
              fieldClass={field}
              current={editing && editing.targetType === targetType ? { id: editing.targetId, name: editing.targetName } : null}
              onChange={(type, id) => {
                setTargetType(type);
                setTargetId(id);
              }}
            />
          </div>
          <label className="block space-y-1">
            <span>状态</span>
            <select className={field} value={status} onChange={(e) => setStatus(Number(e.target.value))} aria-label="状态">
              <option value={1}>启用</option>
              <option value={0}>停用（链接仍可打开，不再计数）</option>
            </select>
          </label>
          <label className="block space-y-1">
            <span>备注</span>
            <textarea className="h-16 w-full rounded-md border border-border p-2" maxLength={200} value={remark} onChange={(e) => setRemark(e.target.value)} aria-label="备注" />
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
            {busy ? "保存中…" : "保存"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
