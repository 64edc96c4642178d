import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { pageTitle } from "~/components/layout/page-title";
import { useRootData } from "~/components/layout/shell-types";
import { PersonPage } from "~/components/person/person-page";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/card";
import { serverCaller } from "~/lib/caller.server";
import { formatDate } from "@base/format";

export const meta: MetaFunction = () => [{ title: pageTitle("学习学分", "个人中心") }];

/** Credits are the class hours of completed courses, grouped by the year they were completed. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { caller, ctx } = await serverCaller(request);
  if (!ctx.user || ctx.user.isPurchaser !== 1) return { years: [] };
  const done = await caller.course.mine({ status: 2, pageNo: 1, pageSize: 100 });
  const byYear = new Map<number, { id: number; name: string; learnHour: number; completedTime: number | null }[]>();
  for (const c of done.list) {
    const y = new Date(c.completedTime ?? c.joinTime).getFullYear();
    byYear.set(y, [...(byYear.get(y) ?? []), { id: c.id, name: c.name, learnHour: c.learnHour, completedTime: c.completedTime }]);
  }
  return { years: [...byYear.entries()].sort((a, b) => b[0] - a[0]).map(([year, list]) => ({ year, total: list.reduce((s, c) => s + c.learnHour, 0), list })) };
}

export default function PersonCredits() {
  const isPurchaser = useRootData()?.user.isPurchaser === 1;
  const { years } = useLoaderData<typeof loader>();
  return (
    <PersonPage title="学习学分">
      {!isPurchaser ? (
        <EmptyState title="学习学分仅对采购人开放" hint="您的账号暂未认定为采购人，如有疑问请联系客服" />
      ) : years.length ? (
        <div className="space-y-6">
          {years.map((y) => (
            <section key={y.year}>
              <h2 className="mb-2 flex items-baseline gap-3 text-base font-semibold text-[#1d2129]">
                {y.year}年度 <span className="text-sm font-normal text-muted">累计 <b className="text-primary">{y.total}</b> 学分</span>
              </h2>
              <table className="w-full text-sm">
                <thead className="bg-surface text-left text-muted">
                  <tr><th className="px-4 py-2 font-normal">课程</th><th className="px-4 py-2 font-normal">学分</th><th className="px-4 py-2 font-normal">完成日期</th></tr>
                </thead>
                <tbody className="divide-y divide-border">
                  {y.list.map((c) => (
                    <tr key={c.id}>
                      <td className="px-4 py-2.5"><Link to={`/course/detail?id=${c.id}`} className="hover:text-primary">{c.name}</Link></td>
                      <td className="px-4 py-2.5">{c.learnHour}</td>
                      <td className="px-4 py-2.5 text-muted">{formatDate(c.completedTime)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ))}
        </div>
      ) : (
        <EmptyState
          title="暂无学分记录"
          hint="完成课程学习后，获得的学分会按年度记录在这里"
          action={
            <Button asChild variant="outline">
              <Link to="/course/center">去学习课程</Link>
            </Button>
          }
        />
      )}
    </PersonPage>
  );
}
