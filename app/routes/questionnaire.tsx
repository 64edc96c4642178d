import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { pageTitle } from "~/components/layout/page-title";
import { QuestionnaireForm } from "~/components/questionnaire/questionnaire-form";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/card";
import { serverCaller } from "~/lib/caller.server";
import { formatDateTime } from "@base/format";
import { errorMessage } from "~/lib/trpc";

export async function loader({ request }: LoaderFunctionArgs) {
  const raw = new URL(request.url).searchParams.get("id") ?? "";
  const { caller, ctx } = await serverCaller(request);
  const loggedIn = !!ctx.user;
  if (!/^\d+$/.test(raw)) return { info: null, loggedIn, error: "问卷不存在或已删除" };
  try {
    return { info: await caller.questionnaire.info({ id: Number(raw) }), loggedIn, error: null };
  } catch (e) {
    return { info: null, loggedIn, error: errorMessage(e, "问卷不存在或已删除") };
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.info?.title ?? "问卷") }];

function Done({ title, hint }: { title: string; hint: string }) {
  return (
    <div className="rounded-lg border border-border bg-white py-6" data-testid="questionnaire-done">
      <EmptyState
        title={title}
        hint={hint}
        action={
          <Button asChild variant="outline">
            <Link to="/">返回首页</Link>
          </Button>
        }
      />
    </div>
  );
}

export default function QuestionnairePage() {
  const { info, loggedIn, error } = useLoaderData<typeof loader>();
  const [done, setDone] = useState<"thanks" | "already" | null>(null);
  if (!info) return <div className="mx-auto max-w-[800px] px-4 py-10"><EmptyState title={error ?? "问卷不存在或已删除"} hint="请确认链接是否正确" /></div>;
  const already = done === "already" || (info.isSubmit === 1 && done !== "thanks");
  return (
    <div className="mx-auto max-w-[800px] px-4 py-8">
      <header className="mb-6 rounded-lg bg-white p-6 text-center">
        <h1 className="text-2xl font-semibold">{info.title}</h1>
        {info.description ? <p className="mt-3 whitespace-pre-line text-sm text-muted">{info.description}</p> : null}
        <p className="mt-2 text-xs text-muted">
          共{info.questions.length}题{info.anonymous ? " · 匿名问卷" : ""}
        </p>
      </header>
      {done === "thanks" ? (
        <Done title="提交成功，感谢您的参与！" hint="您的反馈将帮助我们把培训办得更好。" />
      ) : already ? (
        <Done title="您已提交过该问卷" hint={info.submitTime ? `提交时间：${formatDateTime(info.submitTime)}，每人只能提交一次。` : "每人只能提交一次，感谢参与。"} />
      ) : info.status !== 1 ? (
        <Done title="该问卷已停止收集" hint="感谢您的关注。" />
      ) : (
        <QuestionnaireForm id={info.id} questions={info.questions} loggedIn={loggedIn} onDone={(a) => setDone(a ? "already" : "thanks")} />
      )}
    </div>
  );
}
