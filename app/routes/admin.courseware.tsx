import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminRouteError } from "~/components/admin/route-error";
import { LibraryPage } from "~/components/material/library-page";
import { libraryAction, loadLibrary } from "~/components/material/library.server";
import { trpc } from "~/lib/trpc";

export const meta: MetaFunction = () => [{ title: "课件资料 - 财云学院管理后台" }];
export const loader = ({ request }: LoaderFunctionArgs) => loadLibrary(request, "courseware");
export const action = ({ request }: ActionFunctionArgs) => libraryAction(request, "courseware");

export default function AdminCourseware() {
  const d = useLoaderData<typeof loader>();
  return <LibraryPage title="课件资料" trail="素材库 / 课件资料" {...d} exportList={() => trpc.material.admin.courseware.exportList.query({})} />;
}

export const ErrorBoundary = AdminRouteError;
