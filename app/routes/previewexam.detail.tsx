import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { adminLoad } from "~/components/admin/guard.server";
import { pageTitle } from "~/components/layout/page-title";
import { Button } from "~/components/ui/button";
import { formatDateTime } from "@base/format";

export async function loader({ request }: LoaderFunctionArgs) {
  const id = Number(new URL(request.url).searchParams.get("id"));
  if (!Number.isInteger(id) || id <= 0) throw data("考试不存在", { status: 404 });
  return adminLoad(request, (caller) => caller.exam.preview.info({ examId: id }));
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: pageTitle(d ? `预览：${d.name}` : "考试预览") }];

/** Admin preview of an exam's detail page; nothing is recorded against learners. */
export default function PreviewExamDetail() {
  const exam = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-[1200px] px-4 py-6">
      <div className="mb-3 rounded-md bg-[#fff7e8] px-4 py-2 text-sm text-[#ff7d00]">预览模式：仅供管理员查看效果，不会产生考试记录</div>
      <section className="rounded-lg bg-white p-8">
        <div className="flex items-start justify-between">
          <div>
            <h1 className="text-2xl font-semibold">{exam.name}</h1>
            <p className="mt-2 text-sm text-muted">
              考试时间：{formatDateTime(exam.startTime)} 至 {formatDateTime(exam.endTime)}
            </p>
          </div>
          <Button size="lg" asChild>
            <Link to={`/previewexam/test?id=${exam.examId}`}>预览试卷</Link>
          </Button>
        </div>
        <dl className="mt-6 grid grid-cols-4 gap-4 rounded-md bg-[#f7f8fa] p-4 text-sm">
          <div><dt className="text-muted">考试时长</dt><dd>{exam.limitTime ? `${exam.limitTime}分钟` : "不限时"}</dd></div>
          <div><dt className="text-muted">试卷满分</dt><dd>{exam.maxScore}分</dd></div>
          <div><dt className="text-muted">及格分数</dt><dd>{exam.passScore}分</dd></div>
          <div><dt className="text-muted">补考次数</dt><dd>{exam.makeupCount}次</dd></div>
        </dl>
        {exam.instructions && <p className="mt-6 whitespace-pre-line text-sm leading-7 text-[#4e5969]">{exam.instructions}</p>}
      </section>
    </div>
  );
}
