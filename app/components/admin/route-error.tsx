import { isRouteErrorResponse, Link, useLocation, useRouteError } from "@remix-run/react";
import { Card, EmptyState } from "~/components/ui/card";
import { Button } from "~/components/ui/button";

/** A page's error inside the back-office shell, so the navigation stays usable. */
export function AdminRouteError() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const response = isRouteErrorResponse(error) ? error : null;
  const message = (response?.data as { message?: string } | undefined)?.message;
  const title =
    response?.status === 404
      ? "页面不存在"
      : response?.status === 400
      ? "查询条件有误"
      : response?.status === 403
      ? "您没有权限访问"
      : "页面加载失败";
  return (
    <Card>
      <EmptyState
        title={title}
        hint={message ?? "服务器开小差了，请稍后再试"}
        action={
          response?.status === 400 ? (
            // Bad search terms: the same page without them.
            <Button asChild variant="outline">
              <Link to={pathname}>清空条件重新查询</Link>
            </Button>
          ) : (
            <Button asChild variant="outline">
              <Link to="/admin">返回概览</Link>
            </Button>
          )
        }
      />
    </Card>
  );
}
