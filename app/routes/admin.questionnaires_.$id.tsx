import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigate, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { adminLoad } from "~/components/admin/guard.server";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { Badge } from "~/components/admin/table";
import { adminToast } from "~/components/admin/toast";
import { QuestionnaireEditor, newQuestion, withKeys, type DraftQuestionnaire } from "~/components/questionnaire/editor";
import { Button } from "~/components/ui/button";
import { errorMessage, trpc } from "~/lib/trpc";

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    if (params.id === "new") return { item: null };
    return { item: await caller.questionnaire.admin.get({ id: params.id as never }) };
  });

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.item ? "编辑问卷" : "新建问卷"} - 财云学院管理后台` }];

export default function QuestionnaireEdit() {
  const { item } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const readOnly = !!item && item.status !== 0;
  const [value, setValue] = useState<DraftQuestionnaire>(() =>
    item
      ? { title: item.title, description: item.description, anonymous: item.anonymous ? 1 : 0, questions: withKeys(item.questions) }
      : { title: "", description: "", anonymous: 0, questions: [newQuestion(1)] },
  );
  const [busy, setBusy] = useState(false);
  const [sp] = useSearchParams();
  // A copy lands here by redirect from the list: say so once.
  const copied = sp.get("copied") === "1";
  useEffect(() => {
    if (copied) adminToast.success("已复制为新的草稿，修改后保存或发布");
  }, [copied, item?.id]);

  async function copy() {
    if (!item) return;
    setBusy(true);
    try {
      const { id } = await trpc.questionnaire.admin.copy.mutate({ id: item.id });
      navigate(`/admin/questionnaires/${id}?copied=1`);
    } catch (e) {
      adminToast.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  async function save(publish: boolean) {
    setBusy(true);
    try {
      const body = { title: value.title, description: value.description, anonymous: value.anonymous, questions: value.questions.map(({ key: _k, ...q }) => q) };
      const id = item ? (await trpc.questionnaire.admin.modify.mutate({ id: item.id, ...body })).id : (await trpc.questionnaire.admin.create.mutate(body)).id;
      if (publish) await trpc.questionnaire.admin.setStatus.mutate({ ids: [id], status: 1 });
      adminToast.success(publish ? "问卷已发布，学员现在可以填写" : "已保存");
      navigate("/admin/questionnaires");
    } catch (e) {
      adminToast.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="max-w-[860px]">
      <PageHeader title={item ? (readOnly ? "查看问卷" : "编辑问卷") : "新建问卷"} trail="互动 / 问卷">
        <div className="flex gap-2">
          <Button asChild variant="outline">
            <Link to="/admin/questionnaires">返回列表</Link>
          </Button>
          {!readOnly && (
            <>
              <Button variant="outline" disabled={busy} onClick={() => save(false)}>
                保存草稿
              </Button>
              <Button disabled={busy} onClick={() => save(true)}>
                保存并发布
              </Button>
            </>
          )}
        </div>
      </PageHeader>
      {readOnly && item && (
        <p className="mb-4 flex items-center gap-2 rounded-md bg-[#fff7e8] px-4 py-2 text-sm text-[#d25f00]">
          <Badge tone={item.status === 1 ? "green" : "gray"}>{item.statusText}</Badge>
          问卷发布后题目不能再修改，已收到 {item.answerCount} 份答卷；要改题目请复制为新问卷。
          <button type="button" className="ml-auto text-primary disabled:opacity-60" disabled={busy} onClick={copy}>
            复制为新问卷
          </button>
          <Link className="text-primary" to={`/admin/questionnaires/${item.id}/results`}>
            查看结果
          </Link>
          <a className="text-primary" href={`/questionnaire?id=${item.id}`} target="_blank" rel="noreferrer">
            学员端预览
          </a>
        </p>
      )}
      <QuestionnaireEditor value={value} onChange={setValue} readOnly={readOnly} />
    </div>
  );
}

export const ErrorBoundary = AdminRouteError;
