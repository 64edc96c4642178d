import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LiveRoom } from "~/components/live/live-room";
import { loadRoom } from "~/components/live/room-loader.server";
import { pageTitle } from "~/components/layout/page-title";

// The series page is the live room with the series carousel driving selectedLiveId.
export const loader = ({ request }: LoaderFunctionArgs) => loadRoom(request, "series");
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.series?.seriesName ?? data?.info.name ?? "直播系列") }];
export { ErrorBoundary } from "./live.detail";

export default function LiveSeries() {
  return <LiveRoom data={useLoaderData<typeof loader>()} />;
}
