import { useEffect, useRef, useState } from "react";
import { adminToast } from "~/components/admin/toast";
import { Button } from "~/components/ui/button";
import { errorMessage, trpc } from "~/lib/trpc";

type Act = (work: () => Promise<unknown>, done: string) => Promise<void>;
interface CaptionLine {
  sentenceId: string;
  text: string;
  beginTime: number;
  source: string;
}

const clock = (ms: number) => {
  const s = Math.floor(ms / 1000);
  return `${String(Math.floor(s / 3600)).padStart(2, "0")}:${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
};
const lineId = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

/** Human captioning: the operator types what is said; Enter sends the line to every viewer's subtitles. */
export function CaptionPanel({
  live,
  recent,
  lastCaption,
  onSent,
  act,
}: {
  live: { id: number; liveStatus: number; isOpenSubtitle: number };
  recent: CaptionLine[];
  lastCaption: string | null;
  /** The line the operator sent, shown at once (the room's frame may come later, or not while reconnecting). */
  onSent: (line: string) => void;
  act: Act;
}) {
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const on = live.isOpenSubtitle === 1;
  const send = async () => {
    const line = text.trim();
    if (!line || sending) return;
    setSending(true);
    try {
      await trpc.live.admin.caption.mutate({ liveId: live.id, text: line, clientId: lineId() });
      setText("");
      onSent(line);
    } catch (e) {
      adminToast.error(errorMessage(e));
    } finally {
      setSending(false);
      input.current?.focus();
    }
  };
  return (
    <section className="space-y-3 rounded-lg bg-white p-4" data-testid="console-captions">
      <div className="flex items-center gap-3">
        <h2 className="font-semibold">实时字幕</h2>
        <span className={on ? "text-sm text-[#00b42a]" : "text-sm text-muted"}>{on ? "学员端字幕已开启" : "学员端字幕已关闭"}</span>
        <span className="flex-1" />
        <Button variant="outline" size="sm" onClick={() => act(() => trpc.live.admin.captionsOpen.mutate({ liveId: live.id, isOpenSubtitle: on ? 0 : 1 }), on ? "已关闭字幕" : "已开启字幕")}>
          {on ? "关闭字幕" : "开启字幕"}
        </Button>
      </div>
      <div className="flex gap-2">
        <input
          ref={input}
          aria-label="字幕内容"
          value={text}
          maxLength={500}
          disabled={live.liveStatus === 0}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.nativeEvent.isComposing) {
              e.preventDefault();
              void send();
            }
          }}
          placeholder={live.liveStatus === 0 ? "直播开始后可输入字幕" : "输入讲话内容，回车发送"}
          className="h-9 flex-1 rounded-md border border-border px-3 text-sm"
        />
        <Button onClick={() => void send()} disabled={sending || !text.trim() || live.liveStatus === 0}>
          发送字幕
        </Button>
      </div>
      {lastCaption && <p className="text-sm text-muted">最新字幕：{lastCaption}</p>}
      {recent.length > 0 && (
        <ol className="max-h-40 space-y-1 overflow-y-auto text-sm">
          {recent
            .slice()
            .reverse()
            .map((c) => (
              <li key={c.sentenceId} className="flex gap-2">
                <span className="shrink-0 tabular-nums text-muted">{clock(c.beginTime)}</span>
                <span className="shrink-0 text-muted">{c.source === "human" ? "人工" : "识别"}</span>
                <span className="truncate">{c.text}</span>
              </li>
            ))}
        </ol>
      )}
    </section>
  );
}

/** Pushes a questionnaire link into the room; learners who join later see it too. */
export function QuestionnairePanel({ liveId, current, act }: { liveId: number; current: { title: string; url: string; pushedAt: number; source?: "pushed" | "bound" } | null; act: Act }) {
  const [title, setTitle] = useState("");
  const [url, setUrl] = useState("");
  // Published questionnaires of the platform; pushing one sends its learner page link with its title.
  const [published, setPublished] = useState<{ id: number; title: string }[]>([]);
  const [picked, setPicked] = useState("");
  useEffect(() => {
    trpc.questionnaire.admin.published.query().then(setPublished, () => setPublished([]));
  }, []);
  const pushPicked = () => {
    const q = published.find((p) => String(p.id) === picked);
    if (!q) return adminToast.error("请选择要推送的问卷");
    act(() => trpc.live.admin.pushQuestionnaire.mutate({ liveId, title: q.title.slice(0, 60), url: `${window.location.origin}/questionnaire?id=${q.id}` }), "问卷已推送");
  };
  return (
    <section className="space-y-3 rounded-lg bg-white p-4" data-testid="console-questionnaire">
      <h2 className="font-semibold">推送问卷</h2>
      {current?.source === "bound" ? (
        <p className="text-sm" data-testid="console-bound-questionnaire">
          已绑定问卷：
          <a href={current.url} target="_blank" rel="noreferrer" className="text-primary">
            {current.title}
          </a>
          <span className="ml-2 text-xs text-muted">未推送问卷时学员在直播间看到它；在「问卷管理」中解除绑定</span>
        </p>
      ) : current ? (
        <div className="flex items-center gap-3 text-sm">
          <span className="truncate">
            当前问卷：
            <a href={current.url} target="_blank" rel="noreferrer" className="text-primary">
              {current.title}
            </a>
          </span>
          <span className="flex-1" />
          <Button variant="outline" size="sm" onClick={() => act(() => trpc.live.admin.withdrawQuestionnaire.mutate({ liveId }), "已撤回问卷")}>
            撤回问卷
          </Button>
        </div>
      ) : (
        <p className="text-sm text-muted">尚未推送问卷</p>
      )}
      <div className="flex gap-2 text-sm">
        <select aria-label="选择问卷" value={picked} onChange={(e) => setPicked(e.target.value)} className="h-9 min-w-0 flex-1 rounded-md border border-border px-2">
          <option value="">{published.length ? "选择问卷（已发布）" : "暂无已发布的问卷"}</option>
          {published.map((q) => (
            <option key={q.id} value={q.id}>
              {q.title}
            </option>
          ))}
        </select>
        <Button variant="outline" disabled={!picked} onClick={pushPicked}>
          推送所选问卷
        </Button>
      </div>
      <p className="text-xs text-muted">或填写外部问卷链接：</p>
      <div className="grid grid-cols-[1fr_1.4fr_auto] gap-2 text-sm">
        <input aria-label="问卷标题" value={title} maxLength={60} onChange={(e) => setTitle(e.target.value)} placeholder="问卷标题" className="h-9 rounded-md border border-border px-3" />
        <input aria-label="问卷链接" value={url} maxLength={500} onChange={(e) => setUrl(e.target.value)} placeholder="https://" className="h-9 rounded-md border border-border px-3" />
        <Button
          onClick={() =>
            act(async () => {
              await trpc.live.admin.pushQuestionnaire.mutate({ liveId, title, url });
              setTitle("");
              setUrl("");
            }, "问卷已推送")
          }
        >
          推送问卷
        </Button>
      </div>
    </section>
  );
}
