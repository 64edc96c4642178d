import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { CourseGrid } from "~/components/course/course-card";
import { QueryPager } from "~/components/course/pager";
import { pageTitle } from "~/components/layout/page-title";
import { EmptyState } from "~/components/ui/card";
import { serverCaller } from "~/lib/caller.server";
import { cn } from "~/lib/utils";

export const meta: MetaFunction = () => [{ title: pageTitle("课程中心") }];

const SORTS = [
  { value: "default", label: "综合" },
  { value: "new", label: "最新" },
  { value: "hot", label: "最热" },
] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const q = new URL(request.url).searchParams;
  const { caller } = await serverCaller(request);
  const categoryId = Number(q.get("categoryId")) || undefined;
  const subId = Number(q.get("subId")) || undefined;
  const tagId = Number(q.get("tagId")) || undefined;
  const sort = SORTS.some((s) => s.value === q.get("sort")) ? (q.get("sort") as (typeof SORTS)[number]["value"]) : "default";
  const [categories, tabs, tags, result] = await Promise.all([
    caller.operate.categoryList({ type: 1 }).catch(() => []),
    categoryId ? caller.operate.categoryTabList({ categoryId }).catch(() => []) : Promise.resolve([]),
    caller.course.tags(),
    caller.course.search({ categoryId: subId ?? categoryId, tagId, sort, pageNo: Number(q.get("pageNo")) || 1, pageSize: 16 }),
  ]);
  return { categories: categories as { id: number; name: string }[], tabs: tabs as { id: number; name: string }[], tags, result, categoryId, subId, tagId, sort };
}

function FilterRow({ label, items, active, param, reset }: { label: string; items: { id: number | string; name: string }[]; active?: number | string; param: string; reset?: string[] }) {
  const { search } = useLocation();
  const href = (v?: number | string) => {
    const q = new URLSearchParams(search);
    q.delete("pageNo");
    for (const r of reset ?? []) q.delete(r);
    if (v === undefined) q.delete(param);
    else q.set(param, String(v));
    return `/course/center?${q}`;
  };
  return (
    <div className="flex items-start gap-4 py-2.5 text-sm">
      <span className="w-12 shrink-0 pt-1 text-muted">{label}</span>
      <div className="flex flex-wrap gap-2">
        {[{ id: "", name: "全部" }, ...items].map((it) => {
          const on = it.id === "" ? active === undefined : it.id === active;
          return (
            <Link key={it.id} to={href(it.id === "" ? undefined : it.id)} className={cn("rounded-full px-3 py-1", on ? "bg-primary text-white" : "text-[#4e5969] hover:text-primary")}>
              {it.name}
            </Link>
          );
        })}
      </div>
    </div>
  );
}

export default function CourseCenter() {
  const { categories, tabs, tags, result, categoryId, subId, tagId, sort } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const sortHref = (v: string) => {
    const q = new URLSearchParams(search);
    q.delete("pageNo");
    q.set("sort", v);
    return `/course/center?${q}`;
  };
  return (
    <div className="mx-auto max-w-[1200px] px-4 py-6">
      <div className="rounded-lg bg-white px-6 py-3">
        <FilterRow label="分类" items={categories} active={categoryId} param="categoryId" reset={["subId"]} />
        {tabs.length > 0 && <FilterRow label="细分" items={tabs} active={subId} param="subId" />}
        {tags.length > 0 && <FilterRow label="标签" items={tags} active={tagId} param="tagId" />}
      </div>
      <div className="mt-4 flex items-center justify-between">
        <div className="flex gap-5 text-sm">
          {SORTS.map((s) => (
            <Link key={s.value} to={sortHref(s.value)} className={cn(sort === s.value ? "font-semibold text-primary" : "text-[#4e5969] hover:text-primary")}>
              {s.label}
            </Link>
          ))}
        </div>
        <span className="text-sm text-muted">共 {result.total} 门课程</span>
      </div>
      <div className="mt-4">
        {result.list.length ? <CourseGrid list={result.list} /> : <div className="rounded-lg bg-white"><EmptyState title="该分类下暂无课程" hint="换个分类看看，更多课程正在陆续上线" /></div>}
      </div>
      <QueryPager pageNo={result.pageNo} pageSize={result.pageSize} total={result.total} />
    </div>
  );
}
