import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminRouteError } from "~/components/admin/route-error";
import { LibraryPage } from "~/components/material/library-page";
import { libraryAction, loadLibrary } from "~/components/material/library.server";
import { trpc } from "~/lib/trpc";

export const meta: MetaFunction = () => [{ title: "图片视频 - 财云学院管理后台" }];
export const loader = ({ request }: LoaderFunctionArgs) => loadLibrary(request, "media");
export const action = ({ request }: ActionFunctionArgs) => libraryAction(request, "media");

export default function AdminMedia() {
  const d = useLoaderData<typeof loader>();
  return <LibraryPage title="图片视频" trail="素材库 / 图片视频" {...d} exportList={() => trpc.material.admin.media.exportList.query({})} />;
}

export const ErrorBoundary = AdminRouteError;
