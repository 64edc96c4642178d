import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { adminLoad } from "~/components/admin/guard.server";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { ProctorRecordsView } from "~/components/exam/proctor-records";

export const meta: MetaFunction = () => [{ title: "监考记录 - 财云学院管理后台" }];

export const loader = ({ request }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    const paperId = new URL(request.url).searchParams.get("paperId") ?? "";
    return caller.exam.admin.proctor.attempt({ paperId: paperId as unknown as number });
  });

/** /admin/exam-proctor?paperId=: face checks, snapshots and recordings of one attempt. */
export default function AdminExamProctor() {
  const data = useLoaderData<typeof loader>();
  return (
    <div>
      <PageHeader title="监考记录" trail="考试管理">
        <Link to="/admin/exams" className="text-sm text-primary">
          返回考试管理
        </Link>
      </PageHeader>
      <ProctorRecordsView data={data} />
    </div>
  );
}

export const ErrorBoundary = AdminRouteError;
