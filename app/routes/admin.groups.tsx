import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminRouteError } from "~/components/admin/route-error";
import { TreePage } from "~/components/admin/tree-page";
import { treeAction, treeLoader } from "~/components/admin/tree-route.server";

export const meta: MetaFunction = () => [{ title: "组织管理 - 财云学院管理后台" }];

export const loader = ({ request }: LoaderFunctionArgs) => treeLoader("group", request);
export const action = ({ request }: ActionFunctionArgs) => treeAction("group", request);

export default function AdminGroups() {
  const { tree } = useLoaderData<typeof loader>();
  return <TreePage kind="group" tree={tree} />;
}

export const ErrorBoundary = AdminRouteError;
