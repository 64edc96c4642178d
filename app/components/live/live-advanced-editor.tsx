import { useEffect, useState } from "react";
import { adminToast } from "~/components/admin/toast";
import { OpenRangePicker } from "~/components/org/open-range-picker";
import { rangeFromRows, rangeToRows, type OpenRangeValue } from "@base/open-range";
import { Button } from "~/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { errorMessage, trpc } from "~/lib/trpc";

const field = "mt-1 h-9 w-full rounded-md border border-border px-3 text-sm";

interface EditedLive {
  id: number;
  liveStatus: number;
  isPlayback: number;
  playbackUrl: string;
  isOpenSubtitle: number;
  subtitleUrl: string;
  openRange: readonly { kind: string; target: string }[];
}

/** The live editor's second half: replay and subtitles (advanced info) and the open range; each saves on its own. */
export function LiveAdvancedEditor({ live, onSaved }: { live: EditedLive; onSaved: () => void }) {
  const [playback, setPlayback] = useState({ isPlayback: live.isPlayback, playbackUrl: live.playbackUrl });
  const [subtitle, setSubtitle] = useState({ isOpenSubtitle: live.isOpenSubtitle, subtitleUrl: live.subtitleUrl });
  const [range, setRange] = useState<OpenRangeValue>(() => rangeFromRows(live.openRange));
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setPlayback({ isPlayback: live.isPlayback, playbackUrl: live.playbackUrl });
    setSubtitle({ isOpenSubtitle: live.isOpenSubtitle, subtitleUrl: live.subtitleUrl });
    setRange(rangeFromRows(live.openRange));
  }, [live]);

  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      adminToast.success(done);
      onSaved();
    } catch (e) {
      adminToast.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const saveAdvanced = () =>
    run(async () => {
      await trpc.live.admin.savePlaybackConfig.mutate({ id: live.id, isPlayback: playback.isPlayback, playbackUrl: playback.playbackUrl });
      await trpc.live.admin.saveSubtitleConfig.mutate({ id: live.id, isOpenSubtitle: subtitle.isOpenSubtitle, subtitleUrl: subtitle.subtitleUrl });
    }, "高级设置已保存");
  const saveRange = () => run(() => trpc.live.admin.saveOpenRange.mutate({ id: live.id, openRange: rangeToRows(range) }), "开放范围已保存");

  return (
    <Tabs defaultValue="advanced" className="rounded-lg bg-white p-4 text-sm" data-testid="live-advanced-editor">
      <TabsList>
        <TabsTrigger value="advanced">高级设置</TabsTrigger>
        <TabsTrigger value="range">开放范围</TabsTrigger>
      </TabsList>
      <TabsContent value="advanced" className="grid gap-3 pt-4 md:grid-cols-2">
        <fieldset className="space-y-2 rounded-md border border-border p-3">
          <legend className="px-1 font-medium">回放</legend>
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={playback.isPlayback === 1} onChange={(e) => setPlayback({ ...playback, isPlayback: e.target.checked ? 1 : 0 })} />
            开放回放
          </label>
          <label className="block">
            回放地址（HLS）
            <input aria-label="回放地址" value={playback.playbackUrl} maxLength={500} onChange={(e) => setPlayback({ ...playback, playbackUrl: e.target.value })} placeholder="结束后学员观看的回放 m3u8 地址" className={field} />
          </label>
          <p className="text-xs text-muted">{live.liveStatus === 2 ? "直播已结束：开放回放后，预约回放的学员会收到站内信。" : "直播结束时若已开放回放，预约回放的学员会收到站内信。"}</p>
        </fieldset>
        <fieldset className="space-y-2 rounded-md border border-border p-3">
          <legend className="px-1 font-medium">字幕</legend>
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={subtitle.isOpenSubtitle === 1} onChange={(e) => setSubtitle({ ...subtitle, isOpenSubtitle: e.target.checked ? 1 : 0 })} />
            默认显示字幕
          </label>
          <label className="block">
            字幕文件（WebVTT，可选）
            <input aria-label="字幕地址" value={subtitle.subtitleUrl} maxLength={500} onChange={(e) => setSubtitle({ ...subtitle, subtitleUrl: e.target.value })} placeholder="留空则回放使用直播中的实时字幕" className={field} />
          </label>
          <p className="text-xs text-muted">直播中的实时字幕在控制台输入，或由语音识别服务推送。</p>
        </fieldset>
        <div className="md:col-span-2">
          <Button onClick={saveAdvanced} disabled={busy}>
            保存高级设置
          </Button>
        </div>
      </TabsContent>
      <TabsContent value="range" className="space-y-3 pt-4">
        <OpenRangePicker value={range} onChange={setRange} />
        <Button onClick={saveRange} disabled={busy}>
          保存开放范围
        </Button>
      </TabsContent>
    </Tabs>
  );
}
