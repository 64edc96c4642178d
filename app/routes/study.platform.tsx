import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { ChapterList, type SectionData } from "~/components/course/chapter-list";
import { VideoPlayer, type PlayerReport } from "~/components/course/video-player";
import { pageTitle } from "~/components/layout/page-title";
import { Button } from "~/components/ui/button";
import { handleApiError } from "~/lib/api-errors";
import { serverCaller } from "~/lib/caller.server";
import { formatDuration } from "@base/format";
import { openLoginDialog } from "~/lib/login-dialog";
import { PathCheckInWidget } from "~/components/checkin/check-in-widget";
import { ContentCertPopup } from "~/components/cert/cert-popup";
import { trpc } from "~/lib/trpc";
import { legacyCodeOf } from "@base/errors";
import { useRefresh } from "~/lib/use-refresh";

export async function loader({ request }: LoaderFunctionArgs) {
  const q = new URL(request.url).searchParams;
  const courseId = Number(q.get("id"));
  const learningPathId = q.get("learningPathId");
  const { caller } = await serverCaller(request);
  try {
    const detail = await caller.course.learnDetail({ courseId });
    return { ok: true as const, detail, learningPathId };
  } catch (e) {
    return { ok: false as const, courseId, code: legacyCodeOf(e), message: (e as Error).message };
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.ok ? data.detail.course.name : "学习") }];

type LearnAnswer = Awaited<ReturnType<typeof trpc.course.learn.mutate>>;
type Section = SectionData & { url: string; hlsUrl: string; lastPosition: number; fileName: string };

/** What to show when the learner may not study: log in, or go to the detail page to join. */
function Denied({ courseId, code, message }: { courseId: number; code: string; message: string }) {
  return (
    <div className="mx-auto max-w-[640px] px-4 py-24 text-center">
      <p className="text-lg text-[#1d2129]">{code === "281" ? "登录后即可学习课程" : message}</p>
      <div className="mt-6 flex justify-center gap-3">
        {code === "281" ? <Button onClick={() => openLoginDialog()}>去登录</Button> : null}
        <Button variant="outline" asChild>
          <Link to={`/course/detail?id=${courseId}`}>返回课程详情</Link>
        </Button>
      </div>
    </div>
  );
}

/** Leaving the page: a keepalive request the browser finishes after the page is gone. */
function sendOnUnload(input: { courseId: number; chapterId: number; position: number; event: "pause" }) {
  void fetch("/api/trpc/course.learn", { method: "POST", keepalive: true, credentials: "same-origin", headers: { "content-type": "application/json" }, body: JSON.stringify(input) }).catch(() => {});
}

export default function StudyPlatform() {
  const data = useLoaderData<typeof loader>();
  if (!data.ok) return <Denied courseId={data.courseId} code={data.code} message={data.message} />;
  return (
    <>
      <Study key={data.detail.course.id} detail={data.detail} />
      <PathCheckInWidget />
    </>
  );
}

/** Seconds the learner has to cancel before the next lesson starts by itself. */
const NEXT_COUNTDOWN = 5;

type Ended = { sectionId: number; next: Section | null; left: number; completed: number | null };

/** Shown over the picture when a lesson ends: the countdown to the next one, with 取消. */
function EndOverlay({ ended, onCancel, onNow }: { ended: Ended; onCancel: () => void; onNow: () => void }) {
  const unfinished = ended.completed === 0 && <p className="mt-2 text-xs text-white/70">本节累计观看时长未达到视频时长的 90%，暂未记为学完</p>;
  return (
    <div slot="centered-chrome" className="pointer-events-auto rounded-lg bg-black/75 px-6 py-4 text-center text-white" data-testid="next-countdown" role="status">
      {ended.next ? (
        <>
          <p className="text-base">
            {ended.left}秒后{ended.next.type === 2 ? "进入" : "播放"}下一节：{ended.next.name}
          </p>
          {unfinished}
          <div className="mt-3 flex justify-center gap-3">
            <Button size="sm" onClick={onNow}>
              立即{ended.next.type === 2 ? "进入" : "播放"}
            </Button>
            <Button size="sm" variant="outline" className="border-white/40 bg-transparent text-white hover:bg-white/10" onClick={onCancel}>
              取消
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="text-base">本课程的最后一节已播放完毕</p>
          {unfinished}
          <div className="mt-3 flex justify-center">
            <Button size="sm" variant="outline" className="border-white/40 bg-transparent text-white hover:bg-white/10" onClick={onCancel}>
              关闭
            </Button>
          </div>
        </>
      )}
    </div>
  );
}

function Study({ detail }: { detail: Extract<ReturnType<typeof useLoaderData<typeof loader>>, { ok: true }>["detail"] }) {
  const refresh = useRefresh();
  const sections = useMemo(() => detail.chapters.flatMap((c) => c.children) as Section[], [detail.chapters]);
  const [activeId, setActiveId] = useState<number | null>(detail.lastChapterId);
  const [progress, setProgress] = useState(detail.progress);
  const [done, setDone] = useState<Set<number>>(() => new Set(sections.filter((s) => s.completed).map((s) => s.id)));
  const [ended, setEnded] = useState<Ended | null>(null);
  const [autoPlay, setAutoPlay] = useState(false);
  const [courseDone, setCourseDone] = useState(false);
  const active = sections.find((s) => s.id === activeId) ?? sections[0] ?? null;
  const startAt = active ? (active.id === detail.lastChapterId ? detail.lastPosition : active.lastPosition) : 0;
  const courseId = detail.course.id;
  // Reports go one after another: an end must reach the server before the next lesson's start resets the clock.
  const queue = useRef<Promise<LearnAnswer | null>>(Promise.resolve(null));

  const report = useCallback(
    (r: PlayerReport | { position: number; event: "open" }, sectionId: number) => {
      const sent = queue.current.then(async () => {
        try {
          const res = await trpc.course.learn.mutate({ courseId, chapterId: sectionId, position: r.position, event: r.event });
          setProgress(res.progress);
          if (res.chapterCompleted) setDone((d) => (d.has(sectionId) ? d : new Set(d).add(sectionId)));
          if (res.courseCompleted) setCourseDone(true);
          return res;
        } catch (e) {
          handleApiError(e);
          return null;
        }
      });
      queue.current = sent;
      return sent;
    },
    [courseId],
  );

  const open = useCallback(
    (id: number, play: boolean) => {
      setEnded(null);
      setAutoPlay(play);
      setActiveId(id);
      refresh();
    },
    [refresh],
  );

  // A document counts as studied when opened.
  useEffect(() => {
    if (active?.type === 2) void report({ position: 0, event: "open" }, active.id);
  }, [active?.id, active?.type, report]);

  // The countdown to the next lesson; at zero it opens and plays.
  useEffect(() => {
    if (!ended?.next) return;
    if (ended.left <= 0) return open(ended.next.id, true);
    const t = setTimeout(() => setEnded((e) => (e && e.sectionId === ended.sectionId ? { ...e, left: e.left - 1 } : e)), 1000);
    return () => clearTimeout(t);
  }, [ended, open]);

  const onLessonEnd = (section: Section) => {
    const at = sections.findIndex((s) => s.id === section.id);
    setEnded({ sectionId: section.id, next: sections[at + 1] ?? null, left: NEXT_COUNTDOWN, completed: null });
    // The end report is already queued: its answer says whether the lesson now counts as learnt.
    void queue.current.then((res) => {
      const completed = res?.chapterCompleted ?? null;
      setEnded((e) => (e && e.sectionId === section.id ? { ...e, completed } : e));
    });
  };

  const chapters = detail.chapters.map((c) => ({ ...c, children: c.children.map((s) => ({ ...s, completed: done.has(s.id) ? 1 : s.completed, learnStatus: done.has(s.id) ? 2 : s.learnStatus })) }));
  return (
    <div className="bg-[#1f2329]">
      <ContentCertPopup businessType={1} businessId={courseId} ready={courseDone} />
      <div className="mx-auto flex max-w-[1400px] gap-4 px-4 py-4">
        <div className="min-w-0 flex-1">
          <div className="mb-3 flex items-center justify-between text-white">
            <div className="min-w-0">
              <Link to={`/course/detail?id=${courseId}`} className="text-xs text-white/60 hover:text-white">← 返回课程详情</Link>
              <h1 className="truncate text-lg font-semibold" data-testid="study-title">{detail.course.name}</h1>
            </div>
            <div className="text-right text-sm">
              <p>学习进度 <span className="font-semibold text-[#48beff]" data-testid="course-progress">{progress}%</span></p>
              <p className="text-xs text-white/60">{progress >= 100 ? "已完成本课程" : `累计学习 ${formatDuration(detail.learnSeconds)}`}</p>
            </div>
          </div>
          {!active ? (
            <div className="flex aspect-video items-center justify-center bg-black text-white/70">课程内容正在准备中</div>
          ) : active.type === 2 ? (
            <div className="flex aspect-video flex-col items-center justify-center gap-4 bg-[#2b2f36] text-white">
              <p className="text-lg">{active.name}</p>
              <p className="text-sm text-white/60">{active.fileName}</p>
              <div className="flex gap-3">
                <Button asChild><a href={active.url} target="_blank" rel="noreferrer">在线查看</a></Button>
                <Button variant="outline" asChild><a href={active.url} download={active.fileName}>下载</a></Button>
              </div>
            </div>
          ) : active.url || active.hlsUrl ? (
            <VideoPlayer
              key={active.id}
              src={active.url}
              hls={active.hlsUrl}
              startAt={startAt}
              autoPlay={autoPlay}
              overlay={ended && ended.sectionId === active.id ? <EndOverlay ended={ended} onCancel={() => setEnded(null)} onNow={() => ended.next && open(ended.next.id, true)} /> : null}
              onReport={(r) => {
                // Playing again (or seeking back and playing) means staying: the countdown stops.
                if (r.event === "play") setEnded(null);
                void report(r, active.id);
              }}
              onUnload={(position) => sendOnUnload({ courseId, chapterId: active.id, position, event: "pause" })}
              onEnded={() => onLessonEnd(active)}
              renew={async () => {
                // The lesson's links expired (a long pause): the same lesson's, signed again.
                const fresh = await trpc.course.learnDetail.query({ courseId });
                const s = (fresh.chapters.flatMap((c) => c.children) as Section[]).find((x) => x.id === active.id);
                return s ? { src: s.url, hls: s.hlsUrl } : null;
              }}
            />
          ) : (
            <div className="flex aspect-video items-center justify-center bg-black text-white/70">视频暂不可用</div>
          )}
        </div>
        <aside className="w-[340px] shrink-0 rounded-lg bg-[#2b2f36] p-4">
          <h2 className="mb-3 text-base font-semibold text-white">课程目录</h2>
          <ChapterList chapters={chapters} activeId={active?.id} dark onPick={(s) => open(s.id, false)} />
        </aside>
      </div>
    </div>
  );
}
