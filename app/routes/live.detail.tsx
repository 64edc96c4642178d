import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react";
import { PathCheckInWidget } from "~/components/checkin/check-in-widget";
import { LiveRoom } from "~/components/live/live-room";
import { loadRoom } from "~/components/live/room-loader.server";
import { pageTitle } from "~/components/layout/page-title";
import { ChannelVisit } from "~/components/org/channel-visit";
import { EmptyState } from "~/components/ui/card";

export const loader = ({ request }: LoaderFunctionArgs) => loadRoom(request, "detail");
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.info.name ?? "直播详情") }];

export default function LiveDetail() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <ChannelVisit type={2} objectId={data.info.id} />
      <LiveRoom data={data} />
      <PathCheckInWidget />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <div className="mx-auto max-w-[1200px] px-4 py-10">
      <EmptyState title={isRouteErrorResponse(error) ? String(error.data) : "直播加载失败"} hint="请返回直播中心看看其他直播" action={<Link to="/live/center" className="text-primary">去直播中心</Link>} />
    </div>
  );
}
