import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { TRPCError } from "@trpc/server";
import { useState } from "react";
import { serverCaller } from "~/lib/caller.server";
import { errorMessage, trpc } from "~/lib/trpc";

export const meta: MetaFunction = () => [{ title: "演示收银台 - 财云学院" }, { name: "viewport", content: "width=device-width, initial-scale=1" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const q = new URL(request.url).searchParams;
  const input = { tradeNo: q.get("tradeNo") ?? "", ticket: q.get("ticket") ?? "" };
  const { caller } = await serverCaller(request);
  try {
    return { input, info: await caller.order.sandboxInfo(input), error: "" };
  } catch (e) {
    if (!(e instanceof TRPCError) || e.code === "INTERNAL_SERVER_ERROR") throw e;
    return { input, info: null, error: e.message };
  }
}

/**
 * The demo provider's "phone" (what scanning the payment QR code opens): the amount and 确认支付.
 * No money moves; the confirmation reaches the server as a signed payment notification.
 */
export default function SandboxCashier() {
  const { input, info, error: refused } = useLoaderData<typeof loader>();
  const [paid, setPaid] = useState(info?.status === 1);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(refused);
  const pay = async () => {
    setBusy(true);
    setError("");
    try {
      await trpc.order.sandboxPay.mutate(input);
      setPaid(true);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className="flex min-h-screen justify-center bg-[#f2f3f5] px-4 py-10">
      <div className="w-full max-w-[400px] overflow-hidden rounded-2xl bg-white shadow" data-testid="sandbox-cashier">
        <div className="bg-primary px-6 py-5 text-white">
          <p className="text-sm opacity-90">财云学院 · 演示收银台</p>
          <p className="mt-1 text-xs opacity-75">演示环境，不会产生真实扣款</p>
        </div>
        {info ? (
          <div className="flex flex-col items-center gap-2 px-6 py-8 text-center">
            <p className="text-sm text-muted">{info.goodsName}</p>
            <p className="text-4xl font-semibold text-[#1d2129]" data-testid="sandbox-amount">¥{info.payAmountText}</p>
            <p className="text-xs text-muted">订单号 {info.tradeNo}</p>
            {paid ? (
              <div className="mt-6 flex flex-col items-center gap-2" data-testid="sandbox-paid">
                <div aria-hidden className="flex h-14 w-14 items-center justify-center rounded-full bg-[#e8ffea] text-2xl text-[#00b42a]">✓</div>
                <p className="font-medium text-[#1d2129]">支付成功</p>
                <p className="text-sm text-muted">请返回电脑端页面继续学习</p>
              </div>
            ) : info.status === 0 ? (
              <button type="button" onClick={pay} disabled={busy} className="mt-6 h-11 w-full rounded-full bg-[#07c160] text-base font-medium text-white disabled:opacity-60">
                {busy ? "正在支付…" : "确认支付"}
              </button>
            ) : (
              <p className="mt-6 text-sm text-[#f53f3f]">订单{info.statusName}，无法支付</p>
            )}
            {error ? <p className="mt-3 text-sm text-[#f53f3f]" role="alert">{error}</p> : null}
          </div>
        ) : (
          <p className="px-6 py-12 text-center text-sm text-[#f53f3f]" role="alert">{error || "付款码无效或已过期"}</p>
        )}
      </div>
    </main>
  );
}
