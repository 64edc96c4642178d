import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { areaHeading, findArea } from "~/components/admin/nav";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { Button } from "~/components/ui/button";
import { Card, EmptyState } from "~/components/ui/card";

// Areas of the navigation whose pages are not built yet: a real page each, never a 404.
export function loader({ params }: LoaderFunctionArgs) {
  const slug = (params["*"] ?? "").split("/")[0] ?? "";
  const found = findArea(slug);
  if (!found) throw data({ message: "请求的管理页面不存在，请从左侧导航进入" }, { status: 404 });
  return { group: found.group.title, title: found.area.title, heading: areaHeading(found.area), hint: found.area.hint };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "页面不存在"} - 财云学院管理后台` }];

export default function AdminAreaPlaceholder() {
  const area = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title={area.heading} trail={`${area.group} / ${area.title}`} />
      <Card>
        <EmptyState
          title="该模块正在建设中"
          hint={`${area.title}模块将提供${area.hint}等功能，敬请期待。`}
          action={
            <span className="flex gap-2">
              <Button asChild variant="outline">
                <Link to="/admin">返回概览</Link>
              </Button>
              <Button asChild>
                <Link to="/admin/users">前往用户管理</Link>
              </Button>
            </span>
          }
        />
      </Card>
    </>
  );
}

export const ErrorBoundary = AdminRouteError;
