import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { formatDateTime } from "@base/format";
import { QueryPager } from "~/components/course/pager";
import { pageTitle } from "~/components/layout/page-title";
import { PersonPage } from "~/components/person/person-page";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { handleApiError } from "~/lib/api-errors";
import { serverCaller } from "~/lib/caller.server";
import { errorCode, errorMessage, trpc } from "~/lib/trpc";
import { useRefresh } from "~/lib/use-refresh";
import { cn } from "~/lib/utils";

export const meta: MetaFunction = () => [{ title: pageTitle("兑换中心", "个人中心") }];

const PAGE_SIZE = 10;

export async function loader({ request }: LoaderFunctionArgs) {
  const pageNo = Math.max(1, Number(new URL(request.url).searchParams.get("pageNo")) || 1);
  const { caller, ctx } = await serverCaller(request);
  if (!ctx.user) return { page: { pageNo: 1, pageSize: PAGE_SIZE, total: 0, list: [] } };
  return { page: await caller.redeem.redeemed({ pageNo, pageSize: PAGE_SIZE }) };
}

type Preview = Awaited<ReturnType<typeof trpc.redeem.preview.query>>;
type Redeemed = Awaited<ReturnType<typeof trpc.redeem.redeem.mutate>>;
type RedeemRecord = ReturnType<typeof useLoaderData<typeof loader>>["page"]["list"][number];

/** Upper case, grouped by four as printed (XXXX-XXXX-XXXX); the server reads it either way. */
function grouped(typed: string) {
  return typed
    .toUpperCase()
    .replace(/[\s\-_]/g, "")
    .slice(0, 12)
    .replace(/(.{4})(?=.)/g, "$1-");
}

const TYPE_TONE: { [type: number]: string } = { 1: "bg-primary-50 text-primary", 4: "bg-[#e8fff3] text-[#00a870]" };

function Cover({ src, name, className }: { src: string; name: string; className?: string }) {
  return (
    <div className={cn("flex shrink-0 items-center justify-center overflow-hidden rounded-md bg-gradient-to-br from-[#e8f3ff] to-[#bedaff]", className)}>
      {src ? <img src={src} alt={name} className="h-full w-full object-cover" /> : <span className="px-2 text-center text-xs font-semibold text-primary">{name}</span>}
    </div>
  );
}

export default function PersonExchange() {
  const { page } = useLoaderData<typeof loader>();
  const refresh = useRefresh();
  const [code, setCode] = useState("");
  const [preview, setPreview] = useState<Preview | null>(null);
  const [done, setDone] = useState<Redeemed | null>(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState<"" | "query" | "redeem">("");

  const failed = (e: unknown) => {
    if (errorCode(e) === "281") handleApiError(e);
    else setError(errorMessage(e));
  };
  const ready = () => {
    if (code.replace(/-/g, "").trim()) return true;
    setError("请输入兑换码");
    return false;
  };

  async function query() {
    setError("");
    setDone(null);
    if (!ready()) return;
    setBusy("query");
    try {
      setPreview(await trpc.redeem.preview.query({ redemptionCode: code }));
    } catch (e) {
      setPreview(null);
      failed(e);
    } finally {
      setBusy("");
    }
  }

  async function redeem(e?: FormEvent) {
    e?.preventDefault();
    setError("");
    if (!ready()) return;
    setBusy("redeem");
    try {
      setDone(await trpc.redeem.redeem.mutate({ redemptionCode: code }));
      setPreview(null);
      setCode("");
      refresh();
    } catch (err) {
      failed(err);
    } finally {
      setBusy("");
    }
  }

  return (
    <PersonPage title="兑换中心">
      <section className="rounded-lg bg-gradient-to-r from-[#f2f7ff] to-[#f7fbff] p-6 ring-1 ring-primary/10" aria-label="兑换">
        <h2 className="text-base font-medium text-[#1d2129]">使用兑换码</h2>
        <p className="mt-1 text-sm text-muted">输入单位或活动发放的兑换码，兑换成功后课程或学习地图会加入“我的学习”。</p>
        <form className="mt-4 flex max-w-[640px] items-start gap-3" onSubmit={redeem}>
          <div className="flex-1">
            <Input
              value={code}
              onChange={(e) => {
                setCode(grouped(e.target.value));
                setError("");
              }}
              placeholder="请输入12位兑换码，如 ABCD-EFGH-JKLM"
              aria-label="兑换码"
              autoComplete="off"
              spellCheck={false}
              invalid={!!error}
              className="h-11 font-mono text-base tracking-[0.15em] placeholder:font-sans placeholder:tracking-normal"
            />
            {error ? (
              <p className="mt-2 text-sm text-danger" role="alert" data-testid="redeem-error">
                {error}
              </p>
            ) : (
              <p className="mt-2 text-xs text-muted">不区分大小写，可不输入“-”；每个兑换码仅能使用一次。</p>
            )}
          </div>
          <Button type="button" variant="outline" size="lg" onClick={() => void query()} disabled={!!busy}>
            {busy === "query" ? "查询中…" : "查询"}
          </Button>
          <Button type="submit" size="lg" disabled={!!busy}>
            {busy === "redeem" ? "兑换中…" : "立即兑换"}
          </Button>
        </form>

        {preview && (
          <div className="mt-5 flex max-w-[640px] gap-4 rounded-lg bg-white p-4 ring-1 ring-border" data-testid="redeem-preview">
            <Cover src={preview.goodsImg} name={preview.goodsName} className="h-[90px] w-[160px]" />
            <div className="min-w-0 flex-1 space-y-1.5">
              <p className="flex items-center gap-2">
                <span className={cn("shrink-0 rounded px-1.5 py-0.5 text-xs", TYPE_TONE[preview.goodsType])}>{preview.goodsTypeName}</span>
                <span className="line-clamp-1 font-medium text-[#1d2129]" title={preview.goodsName}>
                  {preview.goodsName}
                </span>
              </p>
              <p className="text-xs text-muted">兑换码 {preview.redemptionCode}</p>
              <p className="text-xs text-muted">有效期至 {formatDateTime(preview.validTo)}</p>
              {preview.canRedeem ? (
                <p className="text-xs text-[#00a870]">该兑换码可以使用，点击“立即兑换”即可获得</p>
              ) : (
                <p className="text-xs text-danger">{preview.reason}</p>
              )}
            </div>
            {preview.canRedeem === 1 && (
              <Button className="self-center" onClick={() => void redeem()} disabled={!!busy}>
                立即兑换
              </Button>
            )}
          </div>
        )}

        {done && (
          <div className="mt-5 flex max-w-[640px] items-center gap-4 rounded-lg bg-[#e8ffea] p-4 ring-1 ring-[#00b42a]/30" role="status" data-testid="redeem-success">
            <span aria-hidden className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-[#00b42a] text-lg text-white">
              ✓
            </span>
            <div className="min-w-0 flex-1">
              <p className="font-medium text-[#1d2129]">兑换成功</p>
              <p className="line-clamp-2 text-sm text-[#4e5969]">
                已获得{done.goodsType === 4 ? "学习地图" : "课程"}《{done.goodsName}》，可以开始学习了
              </p>
            </div>
            <Button asChild>
              <Link to={done.jumpUrl}>去学习</Link>
            </Button>
          </div>
        )}
      </section>

      <section className="mt-8" aria-label="兑换记录">
        <h2 className="mb-3 text-base font-medium text-[#1d2129]">兑换记录</h2>
        {page.list.length === 0 ? (
          <EmptyState title="暂无兑换记录" hint="兑换成功的课程和学习地图会显示在这里" />
        ) : (
          <>
            <ul className="divide-y divide-border rounded-lg ring-1 ring-border">
              {page.list.map((r) => (
                <RecordRow key={r.id} record={r} />
              ))}
            </ul>
            <QueryPager pageNo={page.pageNo} pageSize={page.pageSize} total={page.total} />
          </>
        )}
      </section>
    </PersonPage>
  );
}

function RecordRow({ record: r }: { record: RedeemRecord }) {
  return (
    <li className="flex items-center gap-4 p-4" data-testid="redeem-record">
      <Cover src={r.goodsImg} name={r.goodsName} className="h-[54px] w-[96px]" />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="flex items-center gap-2">
          <span className={cn("shrink-0 rounded px-1.5 py-0.5 text-xs", TYPE_TONE[r.goodsType])}>{r.goodsTypeName}</span>
          <span className="line-clamp-1 text-sm font-medium text-[#1d2129]" title={r.goodsName}>
            {r.goodsName}
          </span>
        </p>
        <p className="flex flex-wrap gap-x-5 text-xs text-muted">
          <span className="font-mono">兑换码 {r.redemptionCode}</span>
          <span>兑换时间 {formatDateTime(r.redeemedAt)}</span>
          <span className="hidden lg:inline" title={r.batchName}>
            来源 {r.batchName}
          </span>
        </p>
      </div>
      <Button asChild variant="outline" size="sm">
        <Link to={r.jumpUrl}>去学习</Link>
      </Button>
    </li>
  );
}

