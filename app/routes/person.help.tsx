import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { formatDateTime } from "@base/format";
import { RICH_TEXT_CLASS } from "~/components/course/rich-text-editor";
import { pageTitle } from "~/components/layout/page-title";
import { useRootData } from "~/components/layout/shell-types";
import { PersonPage } from "~/components/person/person-page";
import { Button } from "~/components/ui/button";
import { Card, EmptyState } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { UploadField } from "~/components/upload/upload-field";
import { handleApiError } from "~/lib/api-errors";
import { serverCaller } from "~/lib/caller.server";
import { errorCode, errorMessage, trpc } from "~/lib/trpc";
import { useRefresh } from "~/lib/use-refresh";
import { cn } from "~/lib/utils";

export const meta: MetaFunction = () => [{ title: pageTitle("帮助与反馈", "个人中心") }];

const MAX_IMAGES = 6;
const STATUS_TONE: Record<number, string> = { 0: "bg-[#fff7e8] text-[#ff7d00]", 1: "bg-[#e8fff3] text-[#00a870]", 2: "bg-[#f2f3f5] text-[#86909c]" };

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const keyword = params.get("keyword")?.trim() || undefined;
  const category = params.get("category")?.trim() || undefined;
  const feedbackId = Number(params.get("feedbackId")) || 0;
  const { caller, ctx } = await serverCaller(request);
  const articles = await caller.help.articles({ keyword, category });
  if (!ctx.user) return { articles, keyword: keyword ?? "", category: category ?? "", mine: null, thread: null };
  const mine = await caller.help.feedback.list({ pageSize: 50 });
  const thread = feedbackId ? await caller.help.feedback.detail({ feedbackId }).catch(() => null) : null;
  return { articles, keyword: keyword ?? "", category: category ?? "", mine, thread };
}

type Thread = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["thread"]>;

function Shots({ images }: { images: string[] }) {
  if (!images.length) return null;
  return (
    <div className="mt-2 flex flex-wrap gap-2">
      {images.map((src) => (
        <a key={src} href={src} target="_blank" rel="noreferrer">
          <img src={src} alt="截图" className="h-20 w-20 rounded border border-border object-cover" />
        </a>
      ))}
    </div>
  );
}

/** Text plus up to six screenshots; answers once the call went through. */
function FeedbackForm({ feedbackId, onSent, placeholder }: { feedbackId?: number; onSent: () => void; placeholder: string }) {
  const [content, setContent] = useState("");
  const [images, setImages] = useState<{ key: string; url: string }[]>([]);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  async function send() {
    setError("");
    if (!content.trim()) return setError("请输入反馈内容");
    setBusy(true);
    try {
      await trpc.help.feedback.send.mutate({ content, images: images.map((i) => i.key), feedbackId });
      setContent("");
      setImages([]);
      onSent();
    } catch (e) {
      if (errorCode(e) === "281") handleApiError(e);
      else setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="space-y-3">
      <textarea
        aria-label={feedbackId ? "补充说明" : "问题描述"}
        value={content}
        maxLength={1000}
        onChange={(e) => setContent(e.target.value)}
        placeholder={placeholder}
        className="min-h-24 w-full rounded-md border border-border p-3 text-sm outline-none focus:border-primary"
      />
      <div className="flex flex-wrap items-start gap-3">
        {images.map((img) => (
          <div key={img.key} className="relative">
            <img src={img.url} alt="已上传截图" className="h-20 w-20 rounded border border-border object-cover" />
            <button type="button" className="absolute -right-2 -top-2 h-5 w-5 rounded-full bg-[#1d2129]/70 text-xs text-white" aria-label="删除截图" onClick={() => setImages(images.filter((i) => i.key !== img.key))}>
              ×
            </button>
          </div>
        ))}
        {images.length < MAX_IMAGES && (
          <div className="w-56">
            <UploadField key={images.length} name="screenshot" label="上传截图" accept="image/png,image/jpeg,image/gif,image/webp" onUploaded={(f) => setImages((list) => [...list, f])} />
          </div>
        )}
      </div>
      <p className="text-xs text-muted">可上传问题截图，最多 {MAX_IMAGES} 张，每张不超过 2MB</p>
      {error && <p className="text-sm text-[#f53f3f]">{error}</p>}
      <Button type="button" onClick={send} disabled={busy}>
        {busy ? "提交中…" : feedbackId ? "发送" : "提交反馈"}
      </Button>
    </div>
  );
}

function ThreadView({ thread, onSent }: { thread: Thread; onSent: () => void }) {
  return (
    <Card className="p-4" data-testid="feedback-thread">
      <div className="mb-3 flex items-center justify-between">
        <h3 className="text-sm font-semibold text-[#1d2129]">反馈详情</h3>
        <span className={cn("rounded px-2 py-0.5 text-xs", STATUS_TONE[thread.status])}>{thread.statusName}</span>
      </div>
      <ul className="space-y-3">
        {thread.messages.map((m) => (
          <li key={m.id} className={cn("rounded-md p-3 text-sm", m.fromAdmin ? "bg-primary-50" : "bg-[#f7f8fa]")}>
            <div className="mb-1 flex justify-between text-xs text-muted">
              <span className={m.fromAdmin ? "font-medium text-primary" : ""}>{m.fromAdmin ? "平台客服回复" : "我"}</span>
              <span>{formatDateTime(m.createTime)}</span>
            </div>
            <p className="whitespace-pre-wrap text-[#1d2129]">{m.content}</p>
            <Shots images={m.images} />
          </li>
        ))}
      </ul>
      {thread.status === 2 ? <p className="mt-3 text-sm text-muted">该反馈已关闭，如仍有问题请提交新的反馈</p> : <div className="mt-4"><FeedbackForm feedbackId={thread.feedbackId} onSent={onSent} placeholder="继续补充说明…" /></div>}
    </Card>
  );
}

export default function PersonHelp() {
  const { articles, keyword, category, mine, thread } = useLoaderData<typeof loader>();
  const hotline = useRootData()?.shell.hotline;
  const refresh = useRefresh();
  const [params] = useSearchParams();
  const withParam = (k: string, v: string) => {
    const next = new URLSearchParams(params);
    if (v) next.set(k, v);
    else next.delete(k);
    return `?${next.toString()}`;
  };
  return (
    <PersonPage title="帮助与反馈">
      <section>
        <h2 className="mb-3 text-base font-semibold text-[#1d2129]">帮助文档</h2>
        <Form method="get" className="mb-3 flex gap-2">
          {category && <input type="hidden" name="category" value={category} />}
          <Input name="keyword" defaultValue={keyword} placeholder="搜索问题关键词，如：证书、发票、密码" className="max-w-md" aria-label="搜索帮助文档" />
          <Button type="submit" variant="outline">搜索</Button>
        </Form>
        <div className="mb-3 flex flex-wrap gap-2 text-sm">
          {["", ...articles.categories].map((c) => (
            <Link key={c || "all"} to={withParam("category", c)} className={cn("rounded-full px-3 py-1", c === category ? "bg-primary text-white" : "bg-[#f2f3f5] text-[#4e5969]")}>
              {c || "全部"}
            </Link>
          ))}
        </div>
        {articles.list.length ? (
          <div className="divide-y divide-border rounded-md border border-border">
            {articles.list.map((a) => (
              <details key={a.id} className="group px-4 py-3">
                <summary className="flex cursor-pointer list-none items-center justify-between text-sm font-medium text-[#1d2129]">
                  <span>
                    <span className="mr-2 rounded bg-primary-50 px-1.5 py-0.5 text-xs text-primary">{a.category}</span>
                    {a.title}
                  </span>
                  <span className="text-muted group-open:rotate-90">›</span>
                </summary>
                <div className={cn("mt-2", RICH_TEXT_CLASS)} dangerouslySetInnerHTML={{ __html: a.content }} />
              </details>
            ))}
          </div>
        ) : (
          <EmptyState title={keyword ? `没有找到与“${keyword}”相关的帮助文档` : "帮助文档正在整理中"} hint="可以换个关键词，或在下方提交反馈" />
        )}
      </section>

      <section className="mt-8">
        <h2 className="mb-3 text-base font-semibold text-[#1d2129]">意见反馈</h2>
        {hotline && <p className="mb-3 text-sm text-muted">也可拨打服务热线 {hotline}（工作日 9:00-18:00）</p>}
        {mine ? (
          <div className="grid gap-6 lg:grid-cols-2">
            <div>
              <FeedbackForm onSent={refresh} placeholder="请描述您遇到的问题，我们会尽快回复" />
              <h3 className="mb-2 mt-6 text-sm font-semibold text-[#1d2129]">我的反馈</h3>
              {mine.list.length ? (
                <ul className="divide-y divide-border rounded-md border border-border">
                  {mine.list.map((f) => (
                    <li key={f.feedbackId}>
                      <Link to={withParam("feedbackId", String(f.feedbackId))} className={cn("flex items-center justify-between gap-3 px-3 py-2 text-sm hover:bg-[#f7f8fa]", thread?.feedbackId === f.feedbackId && "bg-primary-50")}>
                        <span className="truncate text-[#1d2129]">{f.content}</span>
                        <span className="flex shrink-0 items-center gap-2 text-xs text-muted">
                          {formatDateTime(f.createTime)}
                          <span className={cn("rounded px-2 py-0.5", STATUS_TONE[f.status])}>{f.statusName}</span>
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-muted">暂无反馈记录</p>
              )}
            </div>
            <div>{thread ? <ThreadView key={thread.feedbackId} thread={thread} onSent={refresh} /> : <p className="pt-2 text-sm text-muted">选择左侧的一条反馈查看回复</p>}</div>
          </div>
        ) : (
          <p className="text-sm text-muted">登录后可提交反馈并查看回复</p>
        )}
      </section>
    </PersonPage>
  );
}
