import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { adminLoad } from "~/components/admin/guard.server";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { adminToast } from "~/components/admin/toast";
import { downloadFile } from "~/components/course/download";
import { Button } from "~/components/ui/button";
import { Card, EmptyState } from "~/components/ui/card";
import { formatDateTime } from "@base/format";
import { errorMessage, trpc } from "~/lib/trpc";

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => ({ result: await caller.questionnaire.admin.results({ id: params.id as never }) }));

export const meta: MetaFunction = () => [{ title: "问卷结果 - 财云学院管理后台" }];

export default function QuestionnaireResults() {
  const { result } = useLoaderData<typeof loader>();
  async function exportAll() {
    try {
      downloadFile(await trpc.questionnaire.admin.exportResults.query({ id: result.id }));
    } catch (e) {
      adminToast.error(errorMessage(e, "导出失败，请稍后再试"));
    }
  }
  return (
    <div className="max-w-[960px]">
      <PageHeader title={`问卷结果：${result.title}`} trail="互动 / 问卷 / 结果">
        <div className="flex gap-2">
          <Button asChild variant="outline">
            <Link to="/admin/questionnaires">返回列表</Link>
          </Button>
          <Button disabled={!result.total} onClick={exportAll}>
            导出答卷
          </Button>
        </div>
      </PageHeader>
      <Card className="mb-4 px-4 py-3">
        <p className="text-xs text-muted">已收答卷</p>
        <p className="mt-1 text-2xl font-semibold" data-testid="answer-total">
          {result.total}
        </p>
        {result.anonymous ? <p className="mt-1 text-xs text-muted">匿名问卷，不显示答卷人</p> : null}
      </Card>
      {result.total === 0 && (
        <Card className="mb-4">
          <EmptyState title="还没有学员提交答卷" hint="发布问卷并把链接推送到直播间或发给学员后，这里会显示统计结果" />
        </Card>
      )}
      <div className="space-y-4">
        {result.questions.map((q, i) => (
          <Card key={q.id} className="p-4" data-testid="result-question">
            <p className="mb-3 font-medium">
              {i + 1}. {q.title}
              <span className="ml-2 text-xs font-normal text-muted">
                [{q.typeText}] 作答 {q.answered} 人
              </span>
            </p>
            {q.type === 3 ? (
              q.texts.length ? (
                <ul className="max-h-72 space-y-2 overflow-auto text-sm">
                  {q.texts.map((t, k) => (
                    <li key={k} className="rounded-md bg-surface px-3 py-2">
                      <p className="whitespace-pre-line">{t.text}</p>
                      <p className="mt-1 text-xs text-muted">
                        {t.nick} · {formatDateTime(t.submitTime)}
                      </p>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-muted">暂无回答</p>
              )
            ) : (
              <table className="w-full text-sm">
                <thead>
                  <tr className="text-left text-muted">
                    <th className="py-1 font-normal">选项</th>
                    <th className="w-20 py-1 font-normal">人数</th>
                    <th className="w-64 py-1 font-normal">比例</th>
                  </tr>
                </thead>
                <tbody>
                  {q.options.map((o) => (
                    <tr key={o.index} data-testid="result-option" data-option={o.text}>
                      <td className="py-1.5">{o.text}</td>
                      <td>{o.count}</td>
                      <td>
                        <div className="flex items-center gap-2">
                          <div className="h-2 flex-1 rounded bg-[#f2f3f5]">
                            <div className="h-2 rounded bg-primary" style={{ width: `${o.percent}%` }} />
                          </div>
                          <span className="w-12 text-right">{o.percent}%</span>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </Card>
        ))}
      </div>
    </div>
  );
}

export const ErrorBoundary = AdminRouteError;
