import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { adminLoad } from "~/components/admin/guard.server";
import { ADMIN_NAV, adminPath, areaHeading, findArea } from "~/components/admin/nav";
import { PageHeader } from "~/components/admin/shell";
import { AdminRouteError } from "~/components/admin/route-error";
import { Card } from "~/components/ui/card";
import { cn } from "~/lib/utils";
import type { AdminLayoutData } from "./admin";

export const meta: MetaFunction = () => [{ title: "概览 - 财云学院管理后台" }];

export const loader = ({ request }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => ({ stats: await caller.org.admin.users.stats() }));

// Only areas with a page of their own: a tile never leads to a 筹备中 page.
const QUICK = ["users", "courses", "lives", "exams", "papers", "questions", "comments", "messages", "questionnaires"].filter((slug) => !findArea(slug)?.area.pending);

export default function AdminHome() {
  const { stats } = useLoaderData<typeof loader>();
  const layout = useRouteLoaderData<AdminLayoutData>("routes/admin");
  const cards = [
    { label: "用户总数", value: stats.total, to: "/admin/users", tone: "text-primary" },
    { label: "管理员", value: stats.admins, to: "/admin/users?isAdmin=1", tone: "text-[#1d2129]" },
    { label: "已禁用", value: stats.disabled, to: "/admin/users?status=0", tone: "text-[#86909c]" },
    { label: "已锁定", value: stats.locked, to: "/admin/users?locked=1", tone: "text-[#ff7d00]" },
    { label: "近7日登录", value: stats.activeWeek, to: "/admin/users", tone: "text-[#00b42a]" },
    { label: "近7日注册", value: stats.newWeek, to: "/admin/users", tone: "text-[#1d2129]" },
  ];
  return (
    <>
      <PageHeader title="概览" trail={layout ? `您好，${layout.me.nick}` : undefined} />
      <div className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-6">
        {cards.map((c) => (
          <Link key={c.label} to={c.to} className="rounded-lg border border-border bg-white p-5 transition-shadow hover:shadow-md">
            <p className="text-sm text-muted">{c.label}</p>
            <p className={cn("mt-2 text-3xl font-semibold tabular-nums", c.tone)}>{c.value}</p>
          </Link>
        ))}
      </div>

      <h2 className="mb-3 mt-8 text-base font-semibold text-[#1d2129]">常用功能</h2>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
        {QUICK.map((slug) => {
          const found = findArea(slug)!;
          return (
            <Link
              key={slug}
              to={adminPath(slug)}
              className="group rounded-lg border border-border bg-white p-5 transition-colors hover:border-primary"
            >
              <p className="text-xs text-muted">{found.group.title}</p>
              <p className="mt-1 font-medium text-[#1d2129] group-hover:text-primary">{areaHeading(found.area)}</p>
              <p className="mt-1 text-sm text-muted">{found.area.hint}</p>
            </Link>
          );
        })}
      </div>

      <h2 className="mb-3 mt-8 text-base font-semibold text-[#1d2129]">全部模块</h2>
      <Card className="divide-y divide-border">
        {ADMIN_NAV.map((group) => (
          <div key={group.title} className="flex gap-6 px-5 py-3 text-sm">
            <span className="w-20 shrink-0 text-muted">{group.title}</span>
            <span className="flex flex-wrap gap-x-5 gap-y-1">
              {group.items.map((a) =>
                a.pending ? (
                  <span key={a.slug} className="text-[#c9cdd4]" title="筹备中">
                    {a.title}
                  </span>
                ) : (
                  <Link key={a.slug} to={adminPath(a.slug)} className="text-[#4e5969] hover:text-primary">
                    {a.title}
                  </Link>
                ),
              )}
            </span>
          </div>
        ))}
      </Card>
    </>
  );
}

export const ErrorBoundary = AdminRouteError;
