import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { ChapterList, type SectionData } from "~/components/course/chapter-list";
import { VideoPlayer, type PlayerReport } from "~/components/course/video-player";
import { pageTitle } from "~/components/layout/page-title";
import { Button } from "~/components/ui/button";
import { handleApiError } from "~/lib/api-errors";
import { serverCaller } from "~/lib/caller.server";
import { formatDuration } from "~/lib/format";
import { openLoginDialog } from "~/lib/login-dialog";
import { trpc } from "~/lib/trpc";
import { legacyCodeOf } from "@trpc-app/errors";
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
  return <Study key={data.detail.course.id} detail={data.detail} />;
}

function Study({ detail }: { detail: Extract<ReturnType<typeof useLoaderData<typeof loader>>, { ok: true }>["detail"] }) {
  const refresh = useRefresh();
  const sections = useMemo(() => detail.chapters.flatMap((c) => c.children) as Section[], [detail.chapters]);
  const [activeId, setActiveId] = useState<number | null>(detail.lastChapterId);
  const [progress, setProgress] = useState(detail.progress);
  const [done, setDone] = useState<Set<number>>(() => new Set(sections.filter((s) => s.completed).map((s) => s.id)));
  const active = sections.find((s) => s.id === activeId) ?? sections[0] ?? null;
  const startAt = active ? (active.id === detail.lastChapterId ? detail.lastPosition : active.lastPosition) : 0;
  const courseId = detail.course.id;

  const report = useCallback(
    async (r: PlayerReport | { position: number; event: "open" }, sectionId: number) => {
      try {
        const res = await trpc.course.learn.mutate({ courseId, chapterId: sectionId, position: r.position, event: r.event });
        setProgress(res.progress);
        if (res.chapterCompleted) setDone((d) => (d.has(sectionId) ? d : new Set(d).add(sectionId)));
      } catch (e) {
        handleApiError(e);
      }
    },
    [courseId],
  );

  // A document counts as studied when opened.
  useEffect(() => {
    if (active?.type === 2) void report({ position: 0, event: "open" }, active.id);
  }, [active?.id, active?.type, report]);

  const chapters = detail.chapters.map((c) => ({ ...c, children: c.children.map((s) => ({ ...s, completed: done.has(s.id) ? 1 : s.completed, learnStatus: done.has(s.id) ? 2 : s.learnStatus })) }));
  return (
    <div className="bg-[#1f2329]">
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
              onReport={(r) => void report(r, active.id)}
              onUnload={(position) => sendOnUnload({ courseId, chapterId: active.id, position, event: "pause" })}
            />
          ) : (
            <div className="flex aspect-video items-center justify-center bg-black text-white/70">视频暂不可用</div>
          )}
        </div>
        <aside className="w-[340px] shrink-0 rounded-lg bg-[#2b2f36] p-4">
          <h2 className="mb-3 text-base font-semibold text-white">课程目录</h2>
          <ChapterList
            chapters={chapters}
            activeId={active?.id}
            dark
            onPick={(s) => {
              setActiveId(s.id);
              refresh();
            }}
          />
        </aside>
      </div>
    </div>
  );
}
