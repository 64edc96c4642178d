import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatDateTime } from "@base/format";
import { CourseCard } from "~/components/course/course-card";
import { pageTitle } from "~/components/layout/page-title";
import { ProgressBar, TaskStateBadge, timeLeft } from "~/components/task/task-progress";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/card";
import { serverCaller } from "~/lib/caller.server";
import { intranetVariant } from "@trpc-app/sso/config";
import Home, { loader as homeLoader, meta as homeMeta } from "./_index";

const TASKS_SHOWN = 4;

export const meta: MetaFunction<typeof loader> = (args) =>
  args.data && "school" in args.data
    ? [{ title: pageTitle("学校中心") }, { name: "description", content: "财云学院学校中心：本单位开放的课程与学习任务。" }]
    : homeMeta(args as unknown as Parameters<typeof homeMeta>[0]);

/** The internal-network variant's school centre; elsewhere the path is unknown and shows the home page. */
export async function loader(args: LoaderFunctionArgs) {
  const variant = intranetVariant();
  if (!variant.intranet) return homeLoader(args);
  const url = new URL(args.request.url);
  const { caller, ctx, resHeaders } = await serverCaller(args.request);
  if (!ctx.user) throw redirect(variant.ssoLoginUrl(url.pathname + url.search)!, { headers: resHeaders });
  await caller.task.refresh();
  const [school, tasks] = await Promise.all([caller.sso.school(), caller.task.list({ state: 1, pageNo: 1, pageSize: TASKS_SHOWN })]);
  return data({ school, tasks, now: Date.now() }, { headers: resHeaders });
}

type SchoolData = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { school: unknown }>;

export default function SchoolCenter() {
  const d = useLoaderData<typeof loader>();
  if (!("school" in d)) return <Home />;
  return <School {...(d as SchoolData)} />;
}

function School({ school, tasks, now }: SchoolData) {
  const org = school.organization;
  return (
    <div className="pb-12">
      <div className="bg-gradient-to-r from-[#0b3a8c] via-[#0052d9] to-[#2f8bff]">
        <div className="mx-auto max-w-[1200px] px-4 pb-10 pt-8 text-white">
          {org?.path.length ? <p className="text-sm text-white/75">{org.path.join(" / ")}</p> : null}
          <h1 className="mt-1 text-[28px] font-semibold tracking-wide" data-testid="school-name">
            {org?.name ?? "学校中心"}
          </h1>
          <p className="mt-2 text-sm text-white/80">{org ? "本单位开放的课程与您的学习任务" : "您尚未加入任何单位，请联系管理员在统一身份认证中维护您的所属单位"}</p>
        </div>
      </div>
      <div className="mx-auto max-w-[1200px] space-y-6 px-4 pt-6">
        <section className="rounded-lg bg-white p-6" aria-labelledby="school-tasks">
          <SectionHead id="school-tasks" title="进行中的学习任务" more={tasks.total > tasks.list.length ? { to: "/person/task?state=1", label: `全部 ${tasks.total} 项` } : undefined} />
          {tasks.list.length === 0 ? (
            <p className="py-6 text-center text-sm text-muted">暂无进行中的学习任务</p>
          ) : (
            <ul className="grid grid-cols-2 gap-4">
              {tasks.list.map((t) => {
                const left = timeLeft(t.deadline, now);
                return (
                  <li key={t.id}>
                    <Link to={`/task/detail?id=${t.id}`} className="block space-y-2 rounded-lg p-4 ring-1 ring-border transition hover:shadow-md hover:ring-primary/40" data-testid="school-task">
                      <div className="flex items-start gap-2">
                        <h3 className="line-clamp-1 flex-1 text-[15px] font-medium text-[#1d2129]" title={t.name}>
                          {t.name}
                        </h3>
                        <TaskStateBadge state={t.state} name={t.stateName} />
                      </div>
                      <p className="flex gap-4 text-xs text-[#86909c]">
                        <span>截止时间：{formatDateTime(t.deadline)}</span>
                        {left && <span className="text-[#ff7d00]">{left}</span>}
                      </p>
                      <ProgressBar rate={t.rate} done={t.isComplete === 1} label={`${t.name}进度`} />
                    </Link>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
        <section className="rounded-lg bg-white p-6" aria-labelledby="school-courses">
          <SectionHead id="school-courses" title="本单位课程" more={{ to: "/course/center", label: "课程中心" }} />
          {school.courses.length === 0 ? (
            <EmptyState
              title="本单位暂无专属课程"
              hint="管理员将课程开放给本单位后，会显示在这里"
              action={
                <Button asChild variant="outline">
                  <Link to="/course/center">去课程中心看看</Link>
                </Button>
              }
            />
          ) : (
            <div className="grid grid-cols-4 gap-5">
              {school.courses.map((c) => (
                <CourseCard key={c.id} course={c} />
              ))}
            </div>
          )}
        </section>
      </div>
    </div>
  );
}

function SectionHead({ id, title, more }: { id: string; title: string; more?: { to: string; label: string } }) {
  return (
    <div className="mb-4 flex items-end justify-between">
      <h2 id={id} className="border-l-4 border-primary pl-2.5 text-lg font-semibold leading-5 text-[#1d2129]">
        {title}
      </h2>
      {more && (
        <Link to={more.to} className="text-sm text-muted hover:text-primary">
          {more.label} &gt;
        </Link>
      )}
    </div>
  );
}
