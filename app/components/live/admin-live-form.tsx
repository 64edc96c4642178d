import { Form } from "@remix-run/react";
import { useEffect, useState } from "react";
import { UploadField } from "~/components/upload/upload-field";
import { Button } from "~/components/ui/button";
import { PriceFields, type PriceValue } from "~/components/admin/price-fields";
import { toChinaInput } from "@base/format";

export interface EditingLive extends PriceValue {
  id: number;
  name: string;
  teacherName: string;
  liveCoverUrl: string;
  introduction: string;
  startTime: number;
  endTime: number;
  m3u8PlayURL: string;
  seriesId: number | null;
  channelCode: string;
  thirdLiveId: string;
}

const field = "mt-1 h-9 w-full rounded-md border border-border px-3";

/** The create/edit form of a live; posts intent=save to the list page's action. */
export function AdminLiveForm({ editing, series, busy, onClose }: { editing: EditingLive | null; series: { id: number; name: string }[]; busy: boolean; onClose: () => void }) {
  const [cover, setCover] = useState(editing?.liveCoverUrl ?? "");
  useEffect(() => setCover(editing?.liveCoverUrl ?? ""), [editing]);
  const start = editing?.startTime ?? Date.now() + 86400e3;
  return (
    <Form method="post" className="grid gap-3 rounded-lg bg-white p-4 md:grid-cols-2" data-testid="live-edit-form">
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="id" value={editing?.id ?? ""} />
      <label className="text-sm">
        直播名称
        <input name="name" required maxLength={60} defaultValue={editing?.name} className={field} />
      </label>
      <label className="text-sm">
        讲师
        <input name="teacherName" maxLength={40} defaultValue={editing?.teacherName} className={field} />
      </label>
      <label className="text-sm">
        开始时间
        <input type="datetime-local" name="startTime" required defaultValue={toChinaInput(start)} className={field} />
      </label>
      <label className="text-sm">
        结束时间
        <input type="datetime-local" name="endTime" required defaultValue={toChinaInput(editing?.endTime ?? start + 7200e3)} className={field} />
      </label>
      <label className="text-sm">
        拉流地址（HLS）
        <input name="m3u8PlayUrl" defaultValue={editing?.m3u8PlayURL} className={field} />
      </label>
      <label className="text-sm">
        所属系列
        <select name="seriesId" defaultValue={editing?.seriesId ?? ""} className="mt-1 h-9 w-full rounded-md border border-border px-2">
          <option value="">不属于系列</option>
          {series.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm">
        渠道编码
        <input name="channelCode" maxLength={40} defaultValue={editing?.channelCode} className={field} />
      </label>
      <label className="text-sm">
        第三方直播ID
        <input name="thirdLiveId" maxLength={64} defaultValue={editing?.thirdLiveId} className={field} />
      </label>
      <div className="grid grid-cols-3 gap-3 md:col-span-2">
        <PriceFields value={editing} what="直播" inputClass={field} />
      </div>
      <div className="text-sm">
        <UploadField name="coverUrl" value={cover} onChange={setCover} label="封面" kind="image" maxSizeMb={2} />
      </div>
      <label className="text-sm md:col-span-2">
        简介
        <textarea name="introduction" maxLength={2000} defaultValue={editing?.introduction} rows={3} className="mt-1 w-full rounded-md border border-border px-3 py-2" />
      </label>
      <div className="flex gap-2 md:col-span-2">
        <Button type="submit" disabled={busy}>
          保存
        </Button>
        <Button type="button" variant="outline" onClick={onClose}>
          取消
        </Button>
      </div>
    </Form>
  );
}
