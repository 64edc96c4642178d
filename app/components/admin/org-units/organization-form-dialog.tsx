import { useEffect, useState } from "react";
import { adminToast } from "~/components/admin/toast";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { errorMessage, trpc } from "~/lib/trpc";
import { RegionPicker, type RegionCodes } from "./region-picker";

const field = "h-9 w-full rounded-md border border-border bg-white px-3 text-sm focus:border-primary focus:outline-none";

export interface OrganizationRow {
  id: number;
  name: string;
  creditCode: string;
  provinceCode: string;
  cityCode: string;
  districtCode: string;
  source: number;
  contactName: string;
  contactPhone: string;
  status: number;
  remark: string;
}

export const ORG_SOURCES = [
  { value: 1, label: "手工创建" },
  { value: 2, label: "批量导入" },
  { value: 3, label: "外部同步" },
];

/** 新增机构 / 编辑机构: name, credit code, region (province required, city and district optional), source, contact, status. */
export function OrganizationFormDialog({ editing, open, onClose, onSaved }: { editing: OrganizationRow | null; open: boolean; onClose: () => void; onSaved: () => void }) {
  const [name, setName] = useState("");
  const [creditCode, setCreditCode] = useState("");
  const [region, setRegion] = useState<RegionCodes>({ provinceCode: "", cityCode: "", districtCode: "" });
  const [source, setSource] = useState(1);
  const [contactName, setContactName] = useState("");
  const [contactPhone, setContactPhone] = useState("");
  const [status, setStatus] = useState(1);
  const [remark, setRemark] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setName(editing?.name ?? "");
    setCreditCode(editing?.creditCode ?? "");
    setRegion({ provinceCode: editing?.provinceCode ?? "", cityCode: editing?.cityCode ?? "", districtCode: editing?.districtCode ?? "" });
    setSource(editing?.source ?? 1);
    setContactName(editing?.contactName ?? "");
    setContactPhone(editing?.contactPhone ?? "");
    setStatus(editing?.status ?? 1);
    setRemark(editing?.remark ?? "");
    setError("");
  }, [open, editing]);

  async function save() {
    setError("");
    if (!name.trim()) return setError("请输入机构名称");
    if (!region.provinceCode) return setError("请选择所在省份");
    const input = { name, creditCode, ...region, source, contactName, contactPhone, status, remark };
    setBusy(true);
    try {
      if (editing) await trpc.org.admin.organization.update.mutate({ ...input, id: editing.id });
      else await trpc.org.admin.organization.save.mutate(input);
      adminToast.success(editing ? "机构已保存" : "机构已新增");
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
      <DialogContent className="max-h-[90vh] w-[620px] overflow-y-auto" aria-describedby={undefined}>
        <DialogTitle>{editing ? "编辑机构" : "新增机构"}</DialogTitle>
        <div className="mt-3 space-y-4 text-sm">
          <label className="block space-y-1">
            <span>
              机构名称 <span className="text-danger">*</span>
            </span>
            <input className={field} value={name} maxLength={50} onChange={(e) => setName(e.target.value)} placeholder="如：广东省政府采购中心" aria-label="机构名称" />
          </label>
          <div className="space-y-1">
            <span>
              所在地区 <span className="text-danger">*</span>
            </span>
            <RegionPicker value={region} onChange={setRegion} />
            <span className="text-xs text-muted">同一地区（选到的最细一级）内机构名称不能重复。</span>
          </div>
          <label className="block space-y-1">
            <span>统一社会信用代码</span>
            <input className={field} value={creditCode} maxLength={18} onChange={(e) => setCreditCode(e.target.value.toUpperCase())} placeholder="18位，选填" aria-label="统一社会信用代码" />
          </label>
          <div className="grid grid-cols-2 gap-3">
            <label className="block space-y-1">
              <span>联系人</span>
              <input className={field} value={contactName} maxLength={30} onChange={(e) => setContactName(e.target.value)} aria-label="联系人" />
            </label>
            <label className="block space-y-1">
              <span>联系电话</span>
              <input className={field} value={contactPhone} maxLength={20} onChange={(e) => setContactPhone(e.target.value)} placeholder="手机或座机，如 020-83133000" aria-label="联系电话" />
            </label>
            <label className="block space-y-1">
              <span>来源</span>
              <select className={field} value={source} onChange={(e) => setSource(Number(e.target.value))} aria-label="来源">
                {ORG_SOURCES.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </select>
            </label>
            <label className="block space-y-1">
              <span>状态</span>
              <select className={field} value={status} onChange={(e) => setStatus(Number(e.target.value))} aria-label="状态">
                <option value={1}>启用</option>
                <option value={0}>停用（学员搜索不到）</option>
              </select>
            </label>
          </div>
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
