import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { LiveCard } from "~/components/live/live-card";
import { pageTitle } from "~/components/layout/page-title";
import { EmptyState } from "~/components/ui/card";
import { serverCaller } from "~/lib/caller.server";

export const meta: MetaFunction = () => [{ title: pageTitle("直播日历") }];

const monthOf = (d: Date) => new Date(d.getTime() + 8 * 3600e3).toISOString().slice(0, 7);
const shift = (month: string, by: number) => {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return d.toISOString().slice(0, 7);
};

export async function loader({ request }: LoaderFunctionArgs) {
  const raw = new URL(request.url).searchParams.get("month") ?? "";
  const month = /^\d{4}-\d{2}$/.test(raw) ? raw : monthOf(new Date());
  const { caller } = await serverCaller(request);
  return { month, days: await caller.live.calendar({ month }) };
}

export default function LiveCalendar() {
  const { month, days } = useLoaderData<typeof loader>();
  const [y, m] = month.split("-");
  return (
    <div className="mx-auto max-w-[1200px] px-4 py-6">
      <div className="flex items-center justify-center gap-6 rounded-lg bg-white py-3">
        <Link to={`/live/calendar?month=${shift(month, -1)}`} className="text-primary">
          ‹ 上个月
        </Link>
        <b className="text-lg">
          {y}年{Number(m)}月
        </b>
        <Link to={`/live/calendar?month=${shift(month, 1)}`} className="text-primary">
          下个月 ›
        </Link>
      </div>
      {days.length === 0 && <EmptyState title="本月暂无直播安排" hint="看看其他月份吧" />}
      {days.map((d) => (
        <section key={d.date} className="mt-5">
          <h2 className="mb-3 text-base font-semibold">
            {d.date.slice(5).replace("-", "月")}日 <span className="text-sm font-normal text-muted">{d.count} 场</span>
          </h2>
          <div className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4">
            {d.list.map((l) => (
              <LiveCard key={l.id} live={l} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
