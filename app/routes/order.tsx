import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigate } from "@remix-run/react";
import { TRPCError } from "@trpc/server";
import { useState } from "react";
import { formatMoney } from "@base/format";
import { CourseCover } from "~/components/course/course-card";
import { pageTitle } from "~/components/layout/page-title";
import { PayAgreementDialog } from "~/components/order/pay-agreement";
import { LoginRequired } from "~/components/person/login-required";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { serverCaller } from "~/lib/caller.server";
import { errorMessage, trpc } from "~/lib/trpc";
import { legacyCodeOf } from "@base/errors";

export const meta: MetaFunction = () => [{ title: pageTitle("确认订单") }];

import { detailUrlOf, studyUrlOf } from "@trpc-app/order/goods-links";

const GOODS_LABEL: Record<number, string> = { 1: "课程", 2: "直播", 4: "学习地图" };

export async function loader({ request }: LoaderFunctionArgs) {
  const q = new URL(request.url).searchParams;
  const goodsType = Number(q.get("goodsType") ?? 1);
  const goodsId = Number(q.get("goodsId") ?? q.get("courseId"));
  const { caller, ctx } = await serverCaller(request);
  if (!ctx.user) return { kind: "login" as const };
  try {
    const preview = await caller.order.preCreateOrder({ goodsType, goodsId } as never);
    return { kind: "preview" as const, preview };
  } catch (e) {
    if (!(e instanceof TRPCError) || e.code === "INTERNAL_SERVER_ERROR") throw e;
    const owned = legacyCodeOf(e) === "103";
    return { kind: "refused" as const, message: e.message, owned, studyUrl: studyUrlOf(goodsType, goodsId), backUrl: detailUrlOf(goodsType, goodsId) };
  }
}

/** 确认订单: what is bought at the server's price, the invoice wish, the agreement, then 提交订单. */
export default function OrderPage() {
  const d = useLoaderData<typeof loader>();
  if (d.kind === "login") return <LoginRequired />;
  return (
    <div className="mx-auto w-[1200px] py-6">
      <nav className="mb-4 text-sm text-muted">
        <Link to="/" className="hover:text-primary">首页</Link>
        <span className="mx-2">/</span>
        <span className="text-[#1d2129]">确认订单</span>
      </nav>
      {d.kind === "refused" ? <Refused {...d} /> : <Confirm preview={d.preview} />}
    </div>
  );
}

function Refused({ message, owned, studyUrl, backUrl }: { message: string; owned: boolean; studyUrl: string; backUrl: string }) {
  return (
    <section className="flex flex-col items-center gap-4 rounded-lg bg-white py-20 text-center" data-testid="order-refused">
      <p className="text-lg font-medium text-[#1d2129]">{message}</p>
      <div className="flex gap-3">
        {owned ? (
          <Button asChild>
            <Link to={studyUrl}>去学习</Link>
          </Button>
        ) : null}
        <Button asChild variant="outline">
          <Link to={backUrl}>返回详情</Link>
        </Button>
      </div>
    </section>
  );
}

type Preview = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { kind: "preview" }>["preview"];

function Confirm({ preview }: { preview: Preview }) {
  const navigate = useNavigate();
  const [wantInvoice, setWantInvoice] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const [agreementOpen, setAgreementOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const submit = async () => {
    if (!agreed) return setError("请先阅读并同意《财云学院用户购买协议》");
    setBusy(true);
    setError("");
    try {
      const trade = await trpc.order.getTradeNo.mutate({ goodsType: preview.goodsType, goodsId: preview.goodsId, isInvoice: wantInvoice ? 1 : 0 } as never);
      navigate(`/payment/waiting?tradeNo=${trade.tradeNo}`);
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    }
  };
  return (
    <section className="rounded-lg bg-white p-8" data-testid="order-confirm">
      <h1 className="text-xl font-semibold text-[#1d2129]">确认订单</h1>
      {preview.tradeNo ? (
        <p className="mt-3 rounded bg-[#fff7e8] px-4 py-2 text-sm text-[#d25f00]" data-testid="order-open-note">
          您有一笔该内容的待支付订单，提交后将继续该订单的支付（订单号 {preview.tradeNo}）。
        </p>
      ) : null}
      <table className="mt-6 w-full text-sm">
        <thead>
          <tr className="bg-[#f7f8fa] text-left text-[#4e5969]">
            <th className="px-4 py-3 font-normal">商品信息</th>
            <th className="w-32 px-4 py-3 font-normal">类型</th>
            <th className="w-32 px-4 py-3 font-normal">学时</th>
            <th className="w-40 px-4 py-3 text-right font-normal">价格</th>
          </tr>
        </thead>
        <tbody>
          <tr className="border-b border-border">
            <td className="px-4 py-4">
              <div className="flex items-center gap-4">
                <CourseCover src={preview.goodsImg} name="" className="h-[72px] w-32 shrink-0 rounded" />
                <span className="font-medium text-[#1d2129]" data-testid="order-goods-name">{preview.goodsName}</span>
              </div>
            </td>
            <td className="px-4 py-4 text-[#4e5969]">{GOODS_LABEL[preview.goodsType] ?? "商品"}</td>
            <td className="px-4 py-4 text-[#4e5969]">{preview.learnHour ? `${preview.learnHour} 学时` : "—"}</td>
            <td className="px-4 py-4 text-right text-[#1d2129]">¥{formatMoney(preview.price)}</td>
          </tr>
        </tbody>
      </table>

      <div className="mt-6 flex items-start justify-between gap-8">
        <div className="space-y-4 text-sm text-[#4e5969]">
          <label className="flex cursor-pointer items-center gap-2">
            <Checkbox checked={wantInvoice} onCheckedChange={(v) => setWantInvoice(v === true)} aria-label="需要发票" />
            需要发票
            <span className="text-xs text-muted">（支付成功后可在“我的订单”中填写发票信息，申请电子发票）</span>
          </label>
          <label className="flex cursor-pointer items-center gap-2">
            <Checkbox checked={agreed} onCheckedChange={(v) => (setAgreed(v === true), setError(""))} aria-label="同意购买协议" />
            我已阅读并同意
            <button type="button" className="text-primary hover:underline" onClick={(e) => (e.preventDefault(), setAgreementOpen(true))}>
              《财云学院用户购买协议》
            </button>
          </label>
          <p className="text-xs text-muted">请在提交订单后 {preview.payMinutes} 分钟内完成支付，超时订单将自动关闭。</p>
        </div>
        <dl className="w-72 space-y-2 text-sm">
          <div className="flex justify-between text-[#4e5969]"><dt>商品原价</dt><dd>¥{formatMoney(preview.price)}</dd></div>
          {preview.groupBuy ? (
            <div className="space-y-1 rounded bg-[#fff7e8] p-2 text-[#ff7d00]" data-testid="order-group-buy">
              <div className="flex justify-between"><dt>拼团价</dt><dd>¥{formatMoney(preview.groupBuy.groupPrice)}</dd></div>
              <p className="text-xs">
                {preview.groupBuy.joined >= preview.groupBuy.minMembers
                  ? `已有${preview.groupBuy.joined}人参团，已成团，支付后立即开通`
                  : `已有${preview.groupBuy.joined}人参团，还差${preview.groupBuy.minMembers - preview.groupBuy.joined}人成团；成团后自动开通，未成团自动退款`}
              </p>
            </div>
          ) : null}
          <div className="flex justify-between text-[#4e5969]"><dt>优惠</dt><dd>-¥{formatMoney(preview.discount)}</dd></div>
          <div className="flex items-baseline justify-between border-t border-border pt-3">
            <dt className="text-[#1d2129]">应付金额</dt>
            <dd className="text-2xl font-semibold text-[#f53f3f]" data-testid="order-pay-amount">¥{formatMoney(preview.payAmount)}</dd>
          </div>
        </dl>
      </div>
      <div className="mt-8 flex items-center justify-end gap-4">
        {error ? <p className="text-sm text-[#f53f3f]" role="alert">{error}</p> : null}
        <Button size="lg" className="w-40" onClick={submit} disabled={busy}>
          {busy ? "正在提交…" : "提交订单"}
        </Button>
      </div>
      <PayAgreementDialog open={agreementOpen} onClose={() => setAgreementOpen(false)} onAgree={() => (setAgreed(true), setError(""), setAgreementOpen(false))} />
    </section>
  );
}
