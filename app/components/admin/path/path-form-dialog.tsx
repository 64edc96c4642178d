import { useEffect, useRef, useState } from "react";
import { PriceFields, priceFromForm, type PriceValue } from "~/components/admin/price-fields";
import { adminToast } from "~/components/admin/toast";
import { UploadField } from "~/components/upload/upload-field";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { errorMessage, trpc } from "~/lib/trpc";
import { formatDate, fromChinaInput } from "@base/format";

export interface PathForm extends PriceValue {
  id?: number;
  name: string;
  coverUrl: string;
  description: string;
  certTemplateId: number;
  isCheckIn: number;
  checkInStartTime: number | null;
  checkInEndTime: number | null;
}

const input = "h-9 w-full rounded-md border border-border bg-white px-3 text-sm focus:border-primary focus:outline-none";
/** A campaign's days are whole China-time days: the start at 00:00, the end at 23:59:59. */
const dayStart = (v: string) => fromChinaInput(`${v}T00:00`);
const dayEnd = (v: string) => fromChinaInput(`${v}T23:59:59`);

/** Create or edit a map's basic information: name, cover, description, certificate, check-in campaign. */
export function PathFormDialog({ value, templates, onClose, onSaved }: { value: PathForm | null; templates: { list: { id: number; name: string; certName: string }[] }; onClose: () => void; onSaved: (id: number, created: boolean) => void }) {
  const [form, setForm] = useState<PathForm | null>(value);
  const [start, setStart] = useState("");
  const [end, setEnd] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const priceBox = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    setForm(value);
    setStart(value?.checkInStartTime ? formatDate(value.checkInStartTime) : "");
    setEnd(value?.checkInEndTime ? formatDate(value.checkInEndTime) : "");
    setError("");
  }, [value]);
  if (!form) return null;
  const set = <K extends keyof PathForm>(k: K, v: PathForm[K]) => setForm({ ...form, [k]: v });

  async function save() {
    if (!form) return;
    setError("");
    if (!form.name.trim()) return setError("请输入学习地图名称");
    if (form.isCheckIn && (!start || !end)) return setError(!start ? "请选择打卡开始日期" : "请选择打卡结束日期");
    setBusy(true);
    try {
      const priced = new FormData();
      priceBox.current?.querySelectorAll("input").forEach((el) => priced.set(el.name, el.value));
      const body = {
        ...priceFromForm(priced),
        name: form.name,
        coverUrl: form.coverUrl,
        description: form.description,
        certTemplateId: form.certTemplateId,
        isCheckIn: form.isCheckIn ? 1 : 0,
        checkInStartTime: start ? dayStart(start) : undefined,
        checkInEndTime: end ? dayEnd(end) : undefined,
      } as const;
      if (form.id) {
        await trpc.path.admin.edit.mutate({ id: form.id, ...body });
        adminToast.success("已保存");
        onSaved(form.id, false);
      } else {
        const r = await trpc.path.admin.create.mutate(body);
        adminToast.success("已创建，请添加学习节点");
        onSaved(r.id, true);
      }
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onOpenChange={(o) => !o && !busy && onClose()}>
      <DialogContent className="max-h-[90vh] w-[640px] overflow-y-auto" aria-describedby={undefined}>
        <DialogTitle>{form.id ? "编辑学习地图" : "新建学习地图"}</DialogTitle>
        <div className="mt-2 space-y-4 text-sm">
          <label className="block space-y-1">
            <span>
              学习地图名称 <span className="text-danger">*</span>
            </span>
            <input className={input} value={form.name} maxLength={60} onChange={(e) => set("name", e.target.value)} aria-label="学习地图名称" />
          </label>
          <div className="space-y-1">
            <span>封面（建议 16:9，不超过2MB）</span>
            <UploadField name="coverUrl" value={form.coverUrl} onChange={(url) => set("coverUrl", url)} label="上传封面" kind="image" accept="image/png,image/jpeg" />
          </div>
          <label className="block space-y-1">
            <span>简介</span>
            <textarea className="h-24 w-full rounded-md border border-border p-2" maxLength={2000} value={form.description} onChange={(e) => set("description", e.target.value)} aria-label="简介" />
          </label>
          <label className="block space-y-1">
            <span>结业证书</span>
            <select className={input} value={form.certTemplateId} onChange={(e) => set("certTemplateId", Number(e.target.value))} aria-label="结业证书">
              <option value={0}>不发放证书</option>
              {templates.list.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}（{t.certName}）
                </option>
              ))}
            </select>
            <span className="text-xs text-muted">学员完成全部节点后自动发放；在“学习节点”中可添加证书节点展示给学员。</span>
          </label>
          <fieldset ref={priceBox} className="grid grid-cols-3 gap-3">
            <PriceFields value={value} what="学习地图" inputClass={`${input} mt-1`} labelClass="block" />
          </fieldset>
          <p className="-mt-2 text-xs text-muted">付费学习地图须购买或兑换后加入，加入后地图中的付费课程、直播随之开通。</p>
          <fieldset className="space-y-2 rounded-md border border-border p-3">
            <label className="flex items-center gap-2">
              <input type="checkbox" checked={form.isCheckIn === 1} onChange={(e) => set("isCheckIn", e.target.checked ? 1 : 0)} aria-label="开启打卡活动" />
              开启打卡活动
            </label>
            <p className="text-xs text-muted">活动期间学员每天在本地图的课程、直播或考试中学习满1分钟即完成当天打卡，连续3天、7天、15天分别获得勋章。</p>
            {form.isCheckIn === 1 && (
              <div className="flex items-center gap-2">
                <input type="date" className={input} value={start} onChange={(e) => setStart(e.target.value)} aria-label="打卡开始日期" />
                <span>至</span>
                <input type="date" className={input} value={end} onChange={(e) => setEnd(e.target.value)} aria-label="打卡结束日期" />
              </div>
            )}
          </fieldset>
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
