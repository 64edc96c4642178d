import { AlipaySdk } from "alipay-sdk";
import { NotificationRefused, type IncomingNotification, type OrderForProvider, type PaymentProvider, type ProviderPayment } from "./provider";

/**
 * Alipay, face-to-face precreate (a QR code the learner scans in Alipay). The SDK signs requests with
 * the app key; answers and notifications (form-encoded, RSA2 over the sorted fields) are verified with
 * Alipay's public key by the SDK.
 */
export interface AlipayConfig {
  appId: string;
  /** The app's private key, PEM (PKCS#1 or PKCS#8). */
  privateKey: string;
  /** Alipay's public key, PEM. */
  alipayPublicKey: string;
  /** Where notifications are sent: <PUBLIC_URL>/api/pay/notify/alipay. */
  notifyUrl: string;
  /** The gateway; tests point it at a stand-in. */
  gateway?: string;
}

const yuan = (cents: number) => (cents / 100).toFixed(2);
const cents = (text: string) => Math.round(Number(text) * 100);
/** "2026-11-26 10:00:00" in China time. */
const chinaText = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace("T", " ");
const PAID = ["TRADE_SUCCESS", "TRADE_FINISHED"];

export function alipayProvider(cfg: AlipayConfig): PaymentProvider {
  const sdk = new AlipaySdk({
    appId: cfg.appId,
    privateKey: cfg.privateKey,
    alipayPublicKey: cfg.alipayPublicKey,
    keyType: cfg.privateKey.includes("BEGIN RSA PRIVATE KEY") ? "PKCS1" : "PKCS8",
    ...(cfg.gateway ? { gateway: cfg.gateway } : {}),
    timeout: 10_000,
  });
  // Answers are verified with Alipay's public key (validateSign): a query answer decides whether an
  // order is paid, so one Alipay did not sign is an error, never a payment.
  const call = async (method: string, bizContent: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
    const r = (await sdk.exec(method, { ...extra, bizContent }, { validateSign: true })) as Record<string, string>;
    if (r.code !== "10000") throw new Error(r.subMsg || r.msg || `支付宝返回 ${r.code}`);
    return r;
  };
  return {
    name: "alipay",
    async createPayment(order: OrderForProvider) {
      const r = await call(
        "alipay.trade.precreate",
        { out_trade_no: order.tradeNo, total_amount: yuan(order.payAmount), subject: order.goodsName.slice(0, 120), time_expire: chinaText(order.expiresAt) },
        { notify_url: cfg.notifyUrl },
      );
      return { payUrl: r.qrCode! };
    },
    async query(tradeNo: string) {
      try {
        const r = await call("alipay.trade.query", { out_trade_no: tradeNo });
        if (!PAID.includes(r.tradeStatus!) || r.outTradeNo !== tradeNo) return null;
        return { tradeNo, providerTradeNo: r.tradeNo!, amount: cents(r.totalAmount!), paidAt: r.sendPayDate ? new Date(`${r.sendPayDate.replace(" ", "T")}+08:00`) : new Date() };
      } catch {
        return null;
      }
    },
    async parseNotification(n: IncomingNotification): Promise<ProviderPayment> {
      const fields = Object.fromEntries(new URLSearchParams(n.body));
      let verified = false;
      try {
        verified = !!fields.sign && sdk.checkNotifySignV2(fields);
      } catch {}
      if (!verified) throw new NotificationRefused("签名校验失败");
      if (fields.app_id !== cfg.appId) throw new NotificationRefused("应用ID不匹配");
      if (!PAID.includes(fields.trade_status ?? "")) throw new NotificationRefused("交易未成功");
      if (!fields.out_trade_no || !fields.trade_no || !fields.total_amount) throw new NotificationRefused("通知内容不完整");
      return {
        tradeNo: fields.out_trade_no,
        providerTradeNo: fields.trade_no,
        amount: cents(fields.total_amount),
        paidAt: fields.gmt_payment ? new Date(`${fields.gmt_payment.replace(" ", "T")}+08:00`) : new Date(),
      };
    },
    notificationAnswer(ok: boolean) {
      return { status: 200, body: ok ? "success" : "fail", contentType: "text/plain" };
    },
    async close(tradeNo: string) {
      await call("alipay.trade.close", { out_trade_no: tradeNo }).catch((e: Error) => {
        // A trade the learner never scanned does not exist at Alipay yet: nothing to close.
        if (!/TRADE_NOT_EXIST|交易不存在/.test(e.message)) throw e;
      });
    },
    async refund(input) {
      await call("alipay.trade.refund", { out_trade_no: input.tradeNo, refund_amount: yuan(input.amount), out_request_no: input.refundNo, refund_reason: input.reason.slice(0, 80) });
    },
  };
}
