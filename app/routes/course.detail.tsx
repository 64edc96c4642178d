import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigate, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { ChapterList } from "~/components/course/chapter-list";
import { CourseComments } from "~/components/comment/course-comments";
import { CourseCard, CourseCover, CoursePrice } from "~/components/course/course-card";
import { RICH_TEXT_CLASS } from "~/components/course/rich-text-editor";
import { BUSINESS_TYPE } from "@base/real-name";
import { useRealNameGate } from "~/components/identity/real-name-modal";
import { pageTitle } from "~/components/layout/page-title";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { handleApiError } from "~/lib/api-errors";
import { notFoundUnlessFault, serverCaller } from "~/lib/caller.server";
import { formatCount, formatDuration } from "@base/format";
import { openLoginDialog } from "~/lib/login-dialog";
import { trpc } from "~/lib/trpc";
import { useRootData } from "~/components/layout/shell-types";
import { useRefresh } from "~/lib/use-refresh";
import { ChannelVisit } from "~/components/org/channel-visit";

export async function loader({ request }: LoaderFunctionArgs) {
  const id = Number(new URL(request.url).searchParams.get("id"));
  if (!Number.isInteger(id) || id <= 0) throw data("课程不存在", { status: 404 });
  const { caller } = await serverCaller(request);
  try {
    const [course, chapters, files, recommend, comments] = await Promise.all([
      caller.course.detail({ courseId: id }),
      caller.course.chapters({ courseId: id }),
      caller.course.files({ courseId: id }),
      caller.course.recommend({ courseId: id }),
      caller.comment.list({ courseId: id, pageNo: 1, pageSize: 10 }),
    ]);
    return { course, chapters, files, recommend: recommend.slice(0, 4), comments };
  } catch (e) {
    notFoundUnlessFault(e, "课程不存在或已下架");
  }
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: pageTitle(d?.course.name ?? "课程详情") }];

export default function CourseDetail() {
  const { course, chapters, files, recommend, comments } = useLoaderData<typeof loader>();
  const [commentTotal, setCommentTotal] = useState(comments.total);
  // `tab=comments` opens the comments, e.g. from a reply in the message centre.
  const openTab = useSearchParams()[0].get("tab");
  useEffect(() => setCommentTotal(comments.total), [comments.total]);
  const navigate = useNavigate();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const studyUrl = `/study/platform?id=${course.id}`;
  const reacquire = async () => {
    await trpc.course.access.mutate({ courseId: course.id });
    refresh();
  };

  // Visitors go straight to the login dialog; the server still answers 281 to anyone it does not know.
  const loggedIn = useRootData()?.user.isLogin === 1;
  const realName = useRealNameGate();
  async function join() {
    if (!loggedIn) return openLoginDialog({ courseId: course.id });
    setBusy(true);
    try {
      if (!(await realName.ensure(BUSINESS_TYPE.course, course.id))) return;
      await trpc.course.join.mutate({ courseId: course.id });
      toast.success("加入成功，开始学习吧");
      navigate(studyUrl);
    } catch (e) {
      handleApiError(e, { jumpUrl: studyUrl, onReacquire: reacquire, courseId: course.id });
    } finally {
      setBusy(false);
    }
  }

  async function toggleCollect() {
    if (!loggedIn) return openLoginDialog();
    try {
      if (course.isCollect) await trpc.course.uncollect.mutate({ courseId: course.id });
      else await trpc.course.collect.mutate({ courseId: course.id });
      toast.success(course.isCollect ? "已取消收藏" : "收藏成功");
      refresh();
    } catch (e) {
      handleApiError(e);
    }
  }

  const canStudy = course.isJoin && !course.needBuy;
  return (
    <div className="mx-auto max-w-[1200px] px-4 py-6">
      <ChannelVisit type={1} objectId={course.id} />
      <nav className="mb-3 text-sm text-muted">
        <Link to="/course/center" className="hover:text-primary">课程中心</Link> <span className="mx-1">/</span> <span className="text-[#4e5969]">{course.name}</span>
      </nav>
      <section className="flex gap-8 rounded-lg bg-white p-6">
        <CourseCover src={course.coverUrl} name="" className="w-[440px] shrink-0 rounded-lg" />
        <div className="flex min-w-0 flex-1 flex-col">
          <h1 className="text-2xl font-semibold text-[#1d2129]" data-testid="course-name">{course.name}</h1>
          <p className="mt-2 line-clamp-2 text-sm text-muted">{course.intro}</p>
          <dl className="mt-4 grid grid-cols-3 gap-3 text-sm">
            <div><dt className="text-muted">讲师</dt><dd className="mt-1 text-[#1d2129]">{course.teacherName || "财云学院"}</dd></div>
            <div><dt className="text-muted">学时</dt><dd className="mt-1 text-[#1d2129]">{course.learnHour} 学时</dd></div>
            <div><dt className="text-muted">课时</dt><dd className="mt-1 text-[#1d2129]">{course.sectionCount} 节{course.totalDuration ? ` · ${formatDuration(course.totalDuration)}` : ""}</dd></div>
          </dl>
          <div className="mt-auto flex items-end justify-between pt-6">
            <div>
              <CoursePrice isFree={course.isFree} price={course.price} scribingPrice={course.scribingPrice} className="text-2xl" />
              <p className="mt-1 text-xs text-muted">
                {formatCount(course.joinedCount)}人已加入
                {course.needBuy ? <span className="ml-2 text-[#ff7d00]" data-testid="purchase-state">{course.isJoin ? "已报名，缴费后即可开始学习" : "付费课程 · 购买后即可学习"}</span> : null}
              </p>
            </div>
            <div className="flex items-center gap-3">
              <Button variant="outline" onClick={toggleCollect} aria-pressed={!!course.isCollect}>
                {course.isCollect ? "已收藏" : "收藏"}
              </Button>
              {course.needBuy ? (
                <Button size="lg" onClick={() => (loggedIn ? navigate(`/order?goodsType=1&goodsId=${course.id}`) : openLoginDialog())}>
                  {course.isJoin ? "立即缴费" : "购买课程"}
                </Button>
              ) : canStudy ? (
                <Button size="lg" asChild>
                  <Link to={studyUrl}>{course.learningStatus === 0 ? "开始学习" : course.learningStatus === 2 ? "再次学习" : `继续学习（${course.progress}%）`}</Link>
                </Button>
              ) : (
                <Button size="lg" onClick={join} disabled={busy}>
                  {course.isFree ? "立即加入" : "加入学习"}
                </Button>
              )}
            </div>
          </div>
        </div>
      </section>

      <div className="mt-4 flex gap-4">
        <div className="min-w-0 flex-1 rounded-lg bg-white p-6">
          <Tabs key={course.id} defaultValue={openTab === "comments" ? "comments" : "intro"}>
            <TabsList>
              <TabsTrigger value="intro">课程介绍</TabsTrigger>
              <TabsTrigger value="chapters">课程目录</TabsTrigger>
              <TabsTrigger value="files">课程资料{files.length ? `（${files.length}）` : ""}</TabsTrigger>
              <TabsTrigger value="comments">评论{commentTotal ? `（${formatCount(commentTotal)}）` : ""}</TabsTrigger>
            </TabsList>
            <TabsContent value="intro" className="pt-5">
              {course.description ? (
                <div className={RICH_TEXT_CLASS} data-testid="course-description" dangerouslySetInnerHTML={{ __html: course.description }} />
              ) : (
                <EmptyState title="暂无课程介绍" />
              )}
            </TabsContent>
            <TabsContent value="chapters" className="pt-5">
              <ChapterList chapters={chapters} />
            </TabsContent>
            <TabsContent value="files" className="pt-5">
              {files.length ? (
                <ul className="divide-y divide-border">
                  {files.map((f) => (
                    <li key={f.id} className="flex items-center justify-between py-3 text-sm">
                      <span className="text-[#1d2129]">{f.name}<span className="ml-2 text-xs text-muted">{f.fileName}</span></span>
                      {f.url ? (
                        <a href={f.url} target="_blank" rel="noreferrer" className="text-primary hover:underline">查看 / 下载</a>
                      ) : (
                        <span className="text-xs text-muted">加入课程后可查看</span>
                      )}
                    </li>
                  ))}
                </ul>
              ) : (
                <EmptyState title="本课程暂无资料" />
              )}
            </TabsContent>
            <TabsContent value="comments" className="pt-5">
              <CourseComments key={course.id} courseId={course.id} loggedIn={loggedIn} initial={comments} onTotal={setCommentTotal} />
            </TabsContent>
          </Tabs>
        </div>
        <aside className="w-[300px] shrink-0 space-y-4">
          <div className="rounded-lg bg-white p-5">
            <h2 className="text-base font-semibold text-[#1d2129]">讲师介绍</h2>
            <p className="mt-3 font-medium text-[#1d2129]">{course.teacherName || "财云学院"}</p>
            <p className="mt-1 text-sm leading-6 text-muted">{course.teacherIntro || "资深政府采购实务专家"}</p>
          </div>
          {recommend.length > 0 && (
            <div className="rounded-lg bg-white p-5">
              <h2 className="mb-3 text-base font-semibold text-[#1d2129]">相关推荐</h2>
              <div className="space-y-3">
                {recommend.slice(0, 2).map((c) => (
                  <CourseCard key={c.id} course={c} />
                ))}
              </div>
            </div>
          )}
        </aside>
      </div>
      {realName.modal}
    </div>
  );
}
