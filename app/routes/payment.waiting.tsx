import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useFetcher, useLoaderData, useNavigate, type ShouldRevalidateFunction } from "@remix-run/react";
import { TRPCError } from "@trpc/server";
import { useEffect, useRef, useState } from "react";
import { formatDateTime, formatMoney } from "@base/format";
import { readableError } from "~/components/admin/guard.server";
import { pageTitle } from "~/components/layout/page-title";
import { LoginRequired } from "~/components/person/login-required";
import { Button } from "~/components/ui/button";
import { notFoundUnlessFault, serverCaller } from "~/lib/caller.server";
import { errorMessage, trpc } from "~/lib/trpc";

export const meta: MetaFunction = () => [{ title: pageTitle("订单支付") }];

/** How often the page asks whether the order is paid. */
const POLL_MS = 2_000;
const PAY_INTENT = "pay";

/** Reads only: the order and its state. Loading the page (or a prefetch) never starts a payment. */
export async function loader({ request }: LoaderFunctionArgs) {
  const tradeNo = new URL(request.url).searchParams.get("tradeNo") ?? "";
  const { caller, ctx } = await serverCaller(request);
  if (!ctx.user) return { kind: "login" as const };
  try {
    const order = await caller.order.getOrderInfoByTradeNo({ tradeNo });
    // A group order paid while its group gathers: the seat opens when the group completes.
    const groupWaiting = order.groupBuyId && order.status === 1 ? (await caller.order.getOrderStatus({ tradeNo })).groupBuy?.seatOpen === false : false;
    return { kind: "order" as const, order, groupWaiting };
  } catch (e) {
    notFoundUnlessFault(e, "订单不存在");
  }
}

/**
 * POST: the payment QR code of the learner's open order (getTradeNo resumes it, started again with the
 * provider when needed). An order whose group buy ended comes back as a new trade number.
 */
export async function action({ request }: ActionFunctionArgs) {
  // A body that is not a form (an old or hand-made client) is the client's mistake, not a 500.
  const form = await request.formData().catch(() => null);
  const tradeNo = String(form?.get("tradeNo") ?? "");
  if (!form || form.get("intent") !== PAY_INTENT) return { ok: false as const, message: "请求不正确" };
  const { caller, ctx } = await serverCaller(request);
  if (!ctx.user) return { ok: false as const, message: "请先登录" };
  try {
    const pay = await caller.order.getTradeNo({ tradeNo } as never);
    return { ok: true as const, tradeNo: pay.tradeNo, payUrl: pay.payUrl, qrCode: pay.qrCode, payType: pay.payType, remainSeconds: pay.remainSeconds };
  } catch (e) {
    if (!(e instanceof TRPCError) || e.code === "INTERNAL_SERVER_ERROR") console.error("[payment] getTradeNo failed:", e);
    return { ok: false as const, message: readableError(e) };
  }
}

// Asking for the QR code changes nothing the page has read.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === PAY_INTENT ? false : defaultShouldRevalidate;

type Data = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { kind: "order" }>;

const PAY_HINT: Record<string, string> = {
  wechat: "请使用微信“扫一扫”扫描二维码完成支付",
  alipay: "请使用支付宝“扫一扫”扫描二维码完成支付",
  sandbox: "请使用手机扫描二维码，在演示收银台确认支付",
};

export default function PaymentWaiting() {
  const d = useLoaderData<typeof loader>();
  if (d.kind === "login") return <LoginRequired />;
  return <Waiting key={d.order.tradeNo} {...d} />;
}

function mmss(seconds: number) {
  const s = Math.max(0, seconds);
  return `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
}

function Waiting({ order, groupWaiting: groupWaitingAtLoad }: Data) {
  const navigate = useNavigate();
  const [status, setStatus] = useState(order.status);
  const [groupWaiting, setGroupWaiting] = useState(groupWaitingAtLoad);
  const [remain, setRemain] = useState(order.remainSeconds);
  const [error, setError] = useState("");
  const [cancelling, setCancelling] = useState(false);
  const stopped = useRef(false);
  const payFetcher = useFetcher<typeof action>();
  const asked = useRef(false);
  const answer = payFetcher.data;
  const pay = answer?.ok && answer.tradeNo === order.tradeNo ? answer : null;

  // An unpaid order asks for its QR code once, by POST.
  useEffect(() => {
    if (order.status !== 0 || asked.current) return;
    asked.current = true;
    payFetcher.submit({ intent: PAY_INTENT, tradeNo: order.tradeNo }, { method: "post", action: "/payment/waiting" });
  }, [order.status, order.tradeNo, payFetcher]);

  useEffect(() => {
    if (!answer) return;
    if (!answer.ok) return setError(answer.message);
    // The group price ended: the order was replaced by a new one at today's price.
    if (answer.tradeNo !== order.tradeNo) return navigate(`/payment/waiting?tradeNo=${answer.tradeNo}`, { replace: true });
    setRemain(answer.remainSeconds);
  }, [answer, order.tradeNo, navigate]);

  // Polls the order's state until it is no longer unpaid; the countdown follows the server's figure.
  useEffect(() => {
    if (status !== 0) return;
    stopped.current = false;
    const poll = setInterval(async () => {
      try {
        const s = await trpc.order.getOrderStatus.query({ tradeNo: order.tradeNo });
        if (stopped.current) return;
        setRemain(s.remainSeconds);
        if (s.status !== 0) setStatus(s.status);
        setGroupWaiting(s.status === 1 && s.groupBuy?.seatOpen === false);
      } catch {
        // A missed poll is tried again on the next tick.
      }
    }, POLL_MS);
    const tick = setInterval(() => setRemain((r) => Math.max(0, r - 1)), 1000);
    return () => {
      stopped.current = true;
      clearInterval(poll);
      clearInterval(tick);
    };
  }, [status, order.tradeNo]);

  const cancel = async () => {
    setCancelling(true);
    try {
      await trpc.order.cancel.mutate({ tradeNo: order.tradeNo });
      setStatus(2);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setCancelling(false);
    }
  };

  return (
    <div className="mx-auto w-[1200px] py-6">
      <section className="rounded-lg bg-white p-8" data-testid="payment-waiting">
        <div className="flex items-start justify-between border-b border-border pb-5">
          <div>
            <h1 className="text-xl font-semibold text-[#1d2129]">{status === 1 ? "支付成功" : status === 0 ? "订单提交成功，请尽快支付" : "订单已关闭"}</h1>
            <p className="mt-2 text-sm text-muted">
              订单号：<span data-testid="trade-no">{order.tradeNo}</span>
              <span className="mx-3">|</span>下单时间：{formatDateTime(order.createTime)}
            </p>
            <p className="mt-1 text-sm text-muted">商品：{order.goodsName}</p>
          </div>
          <div className="text-right">
            <p className="text-sm text-muted">应付金额</p>
            <p className="text-3xl font-semibold text-[#f53f3f]" data-testid="payment-amount">¥{formatMoney(order.payAmount)}</p>
          </div>
        </div>

        {status === 0 ? (
          <div className="flex flex-col items-center gap-3 py-10">
            <p className="text-sm text-[#4e5969]">
              请在 <span className="font-medium text-[#f53f3f]" data-testid="pay-countdown">{mmss(remain)}</span> 内完成支付，超时订单将自动关闭
            </p>
            <div className="rounded-lg border border-border p-3">
              {pay ? (
                <img src={pay.qrCode} alt="支付二维码" width={220} height={220} data-testid="pay-qrcode" />
              ) : (
                <div className="flex h-[220px] w-[220px] items-center justify-center bg-[#f7f8fa] text-sm text-muted" data-testid="pay-qrcode-pending">
                  {answer && !answer.ok ? "二维码获取失败" : "正在生成支付二维码…"}
                </div>
              )}
            </div>
            {pay ? <p className="text-sm text-[#1d2129]">{PAY_HINT[pay.payType] ?? "请扫描二维码完成支付"}</p> : null}
            {pay?.payType === "sandbox" ? (
              <a href={pay.payUrl} target="_blank" rel="noreferrer" className="text-sm text-primary hover:underline" data-testid="sandbox-link">
                没有手机？在本机打开演示收银台
              </a>
            ) : null}
            <p className="text-xs text-muted">支付完成后页面将自动跳转，请勿重复支付</p>
            <div className="mt-2 flex gap-3">
              <Button variant="outline" onClick={cancel} disabled={cancelling}>取消订单</Button>
              <Button variant="outline" asChild>
                <Link to="/person/order">查看我的订单</Link>
              </Button>
            </div>
            {error ? <p className="text-sm text-[#f53f3f]" role="alert">{error}</p> : null}
          </div>
        ) : status === 1 ? (
          <div className="flex flex-col items-center gap-4 py-14 text-center" data-testid="payment-success">
            <div aria-hidden className="flex h-16 w-16 items-center justify-center rounded-full bg-[#e8ffea] text-3xl text-[#00b42a]">✓</div>
            <p className="text-lg font-medium text-[#1d2129]">{groupWaiting ? "支付成功，成团后自动开通" : "支付成功，学习内容已为您开通"}</p>
            <p className="text-sm text-muted">{groupWaiting ? "拼团未成功将自动原路退款；如需发票，可在“我的订单”中申请电子发票" : "如需发票，可在“我的订单”中申请电子发票"}</p>
            <div className="flex gap-3">
              {!groupWaiting && <Button onClick={() => navigate(order.jumpUrl)}>去学习</Button>}
              <Button variant="outline" asChild>
                <Link to="/person/order">申请发票</Link>
              </Button>
            </div>
          </div>
        ) : (
          <div className="flex flex-col items-center gap-4 py-14 text-center" data-testid="payment-closed">
            <p className="text-lg font-medium text-[#1d2129]">{status === 2 ? "订单已取消" : status === 4 ? "订单已退款" : "订单已超时关闭"}</p>
            <div className="flex gap-3">
              <Button asChild>
                <Link to={`/order?goodsType=${order.goodsType}&goodsId=${order.goodsId}`}>重新下单</Link>
              </Button>
              <Button variant="outline" asChild>
                <Link to="/person/order">查看我的订单</Link>
              </Button>
            </div>
          </div>
        )}
      </section>
    </div>
  );
}
