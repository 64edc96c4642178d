import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminRouteError } from "~/components/admin/route-error";
import { TreePage } from "~/components/admin/tree-page";
import { treeAction, treeLoader } from "~/components/admin/tree-route.server";

export const meta: MetaFunction = () => [{ title: "角色管理 - 财云学院管理后台" }];

export const loader = ({ request }: LoaderFunctionArgs) => treeLoader("role", request);
export const action = ({ request }: ActionFunctionArgs) => treeAction("role", request);

export default function AdminRoles() {
  const { tree } = useLoaderData<typeof loader>();
  return <TreePage kind="role" tree={tree} />;
}

export const ErrorBoundary = AdminRouteError;
