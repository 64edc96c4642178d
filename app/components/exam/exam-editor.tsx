import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogTitle } from "~/components/ui/dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { OpenRangePicker } from "~/components/org/open-range-picker";
import { emptyOpenRange, rangeFromRows, rangeToRows, type OpenRangeValue } from "@base/open-range";
import { fromChinaInput, toChinaInput } from "@base/format";
import { errorMessage, trpc } from "~/lib/trpc";
import { ExamCertSelect } from "~/components/admin/cert/exam-cert-select";

const field = "h-9 w-full rounded-md border border-border px-3 text-sm focus:border-primary focus:outline-none";


type Adv = Record<string, number | string>;
const FLAGS: [string, string][] = [
  ["showAnswers", "允许考后查看答案"],
  ["isEnableScreenCutting", "切屏限制"],
  ["isScreenCuttingRemind", "切屏提醒"],
  ["isFaceVerify", "人脸核验"],
  ["isEnableVideoRecording", "视频录制"],
  ["isSnapVerify", "考中抓拍"],
  ["isOpenSoftMonitor", "软件监控（需安装监考助手）"],
];
const NUMS: [string, string][] = [
  ["limitTime", "考试时长（分钟，0为不限）"],
  ["makeupCount", "补考次数"],
  ["passScore", "及格分"],
  ["forcedReadTime", "强制阅读时间（秒）"],
  ["screenCuttingTimes", "允许切屏次数"],
  ["faceVerifyCount", "每日人脸核验次数"],
  ["faceVerifyThreshold", "人脸比对通过分（0-100）"],
];

/** The exam editor: basic, advanced, questions and open range tabs; each tab saves on its own. */
export function ExamEditor({ examId, open, onClose, onSaved }: { examId: number | null; open: boolean; onClose: () => void; onSaved: () => void }) {
  const [id, setId] = useState<number | null>(examId);
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [start, setStart] = useState(toChinaInput(Date.now() + 3600_000));
  const [end, setEnd] = useState(toChinaInput(Date.now() + 7 * 86400_000));
  const [adv, setAdv] = useState<Adv>({});
  const [papers, setPapers] = useState<{ id: number; name: string; totalScore: number; paperType: number }[]>([]);
  const [paperId, setPaperId] = useState<number | "">("");
  const [range, setRange] = useState<OpenRangeValue>(emptyOpenRange);
  const [msg, setMsg] = useState<{ ok: boolean; text: string } | null>(null);
  // An existing exam's settings are shown only once loaded, so nothing typed is overwritten by the load.
  const [loaded, setLoaded] = useState(true);

  useEffect(() => {
    if (!open) return;
    setId(examId);
    setMsg(null);
    trpc.exam.admin.paper.page.query({ pageNo: 1, pageSize: 100 }).then((r) => setPapers(r.list));
    if (!examId) {
      setName("");
      setDescription("");
      setAdv({});
      setPaperId("");
      setRange(emptyOpenRange());
      return;
    }
    setLoaded(false);
    void Promise.all([
      trpc.exam.admin.exam.getBase.query({ examId }),
      trpc.exam.admin.exam.getAdvanced.query({ examId }),
      trpc.exam.admin.exam.getOpenRange.query({ examId }),
    ]).then(([b, a, r]) => {
      setName(b.name);
      setDescription(b.description);
      setStart(toChinaInput(b.startTime));
      setEnd(toChinaInput(b.endTime));
      setPaperId(b.paperId ?? "");
      setAdv(a as Adv);
      setRange(rangeFromRows(r.entries));
      setLoaded(true);
    }, (e) => setMsg({ ok: false, text: errorMessage(e) }));
  }, [open, examId]);

  async function run(fn: () => Promise<unknown>, ok: string) {
    setMsg(null);
    try {
      await fn();
      setMsg({ ok: true, text: ok });
      onSaved();
    } catch (e) {
      setMsg({ ok: false, text: e instanceof Error && e.message ? e.message : errorMessage(e) });
    }
  }
  const saveBase = () =>
    run(async () => {
      const r = await trpc.exam.admin.exam.saveBase.mutate({ id: id ?? undefined, name, description, startTime: fromChinaInput(start), endTime: fromChinaInput(end) });
      setId(r.id);
    }, "基础信息已保存");
  const needId = () => {
    if (!id) throw new Error("请先保存基础信息");
    return id;
  };
  const saveAdv = () => run(() => trpc.exam.admin.exam.saveAdvanced.mutate({ examId: needId(), ...adv, id: undefined }), "高级设置已保存");
  const savePaper = () => run(() => trpc.exam.admin.exam.saveQuestionInfo.mutate({ examId: needId(), paperId: Number(paperId) }), "试卷已设置");
  const saveRange = () => run(() => trpc.exam.admin.exam.saveOpenRange.mutate({ examId: needId(), entries: rangeToRows(range) }), "开放范围已保存");

  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[92vh] w-[760px] overflow-y-auto">
        <DialogTitle>{id ? "编辑考试" : "新建考试"}</DialogTitle>
        {!loaded ? (
          <p className="mt-4 text-sm text-muted" data-testid="exam-editor-loading">{msg ? msg.text : "正在加载考试设置…"}</p>
        ) : (
        <Tabs defaultValue="base" className="mt-4 text-sm">
          <TabsList>
            <TabsTrigger value="base">基础信息</TabsTrigger>
            <TabsTrigger value="advanced">高级设置</TabsTrigger>
            <TabsTrigger value="questions">试题设置</TabsTrigger>
            <TabsTrigger value="range">开放范围</TabsTrigger>
          </TabsList>
          <TabsContent value="base" className="space-y-3 pt-4">
            <label className="block">考试名称<input className={field} value={name} onChange={(e) => setName(e.target.value)} /></label>
            <div className="flex gap-3">
              <label className="flex-1">开始时间<input type="datetime-local" className={field} value={start} onChange={(e) => setStart(e.target.value)} /></label>
              <label className="flex-1">结束时间<input type="datetime-local" className={field} value={end} onChange={(e) => setEnd(e.target.value)} /></label>
            </div>
            <label className="block">考试介绍<textarea className={`${field} h-20 py-2`} value={description} onChange={(e) => setDescription(e.target.value)} /></label>
            <Button onClick={saveBase}>保存基础信息</Button>
            {id && <ExamCertSelect examId={id} />}
          </TabsContent>
          <TabsContent value="advanced" className="space-y-3 pt-4">
            <div className="grid grid-cols-3 gap-3">
              {NUMS.map(([k, label]) => (
                <label key={k}>{label}<input type="number" min={0} className={field} value={adv[k] ?? ""} onChange={(e) => setAdv({ ...adv, [k]: Number(e.target.value) })} /></label>
              ))}
            </div>
            <div className="grid grid-cols-3 gap-2">
              {FLAGS.map(([k, label]) => (
                <label key={k} className="flex items-center gap-1"><input type="checkbox" checked={adv[k] === 1} onChange={(e) => setAdv({ ...adv, [k]: e.target.checked ? 1 : 0 })} />{label}</label>
              ))}
            </div>
            <fieldset className="rounded-md border border-border p-3">
              <legend className="px-1 font-medium">评分规则</legend>
              <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
                <label className="flex items-center gap-1">
                  <input type="checkbox" checked={adv.isPartialScore === 1} onChange={(e) => setAdv({ ...adv, isPartialScore: e.target.checked ? 1 : 0 })} />
                  多选题少选得分
                </label>
                {adv.isPartialScore === 1 && (
                  <label className="flex items-center gap-1 whitespace-nowrap">
                    得该题分值的
                    <input type="number" min={1} max={99} aria-label="少选得分比例" className={`${field} w-20`} value={adv.partialScoreRate ?? 50} onChange={(e) => setAdv({ ...adv, partialScoreRate: Number(e.target.value) })} />
                    %
                  </label>
                )}
                <label className="flex items-center gap-1">
                  <input type="checkbox" checked={adv.isBlankScore === 1} onChange={(e) => setAdv({ ...adv, isBlankScore: e.target.checked ? 1 : 0 })} />
                  填空题按空给分
                </label>
              </div>
              <p className="mt-2 text-xs text-muted">少选（未选错）按比例得分；多空填空题每答对一空得相应比例的分。部分得分向下取到0.5分；不开启时须完全答对才得分。修改后可用「重新算分」应用到已交的试卷。</p>
            </fieldset>
            <label className="block">考试须知<textarea className={`${field} h-16 py-2`} value={String(adv.instructions ?? "")} onChange={(e) => setAdv({ ...adv, instructions: e.target.value })} /></label>
            {adv.isOpenSoftMonitor === 1 && (
              <div className="grid grid-cols-3 gap-2">
                {[["winDownloadUrl", "Windows 下载地址"], ["macInterDownloadUrl", "Mac Intel 下载地址"], ["macM1DownloadUrl", "Mac Apple 芯片下载地址"]].map(([k, l]) => (
                  <label key={k}>{l}<input className={field} value={String(adv[k!] ?? "")} onChange={(e) => setAdv({ ...adv, [k!]: e.target.value })} /></label>
                ))}
              </div>
            )}
            <Button onClick={saveAdv}>保存高级设置</Button>
          </TabsContent>
          <TabsContent value="questions" className="space-y-3 pt-4">
            <label className="block">
              选择试卷
              <select className={field} value={paperId} onChange={(e) => setPaperId(e.target.value ? Number(e.target.value) : "")}>
                <option value="">请选择试卷</option>
                {papers.map((p) => <option key={p.id} value={p.id}>{p.name}（{p.paperType === 2 ? "随机" : "固定"}，{p.totalScore}分）</option>)}
              </select>
            </label>
            <Button onClick={savePaper} disabled={!paperId}>保存试题设置</Button>
          </TabsContent>
          <TabsContent value="range" className="space-y-3 pt-4">
            {open && <OpenRangePicker value={range} onChange={setRange} />}
            <Button onClick={saveRange}>保存开放范围</Button>
          </TabsContent>
        </Tabs>
        )}
        {msg && <p role={msg.ok ? "status" : "alert"} className={`mt-3 text-sm ${msg.ok ? "text-[#00b42a]" : "text-danger"}`}>{msg.text}</p>}
      </DialogContent>
    </Dialog>
  );
}
