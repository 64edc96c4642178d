import { Aes, Formatter, Rsa, Wechatpay } from "wechatpay-axios-plugin";
import { NotificationRefused, type IncomingNotification, type OrderForProvider, type PaymentProvider, type ProviderPayment } from "./provider";

/**
 * WeChat Pay, API v3, Native payment (a QR code the learner scans in WeChat). Requests are signed with
 * the merchant key and answers verified with the platform public key by the SDK; notifications are
 * verified here (the same RSA-SHA256 over timestamp, nonce and body) and their resource decrypted with
 * the API v3 key (AES-256-GCM).
 */
export interface WechatConfig {
  appId: string;
  mchId: string;
  /** The merchant certificate's serial number. */
  serial: string;
  /** The merchant private key, PEM. */
  privateKey: string;
  platformSerial: string;
  /** The platform (or WeChat Pay public key) public key, PEM. */
  platformPublicKey: string;
  /** 32 characters. */
  apiV3Key: string;
  /** Where notifications are sent: <PUBLIC_URL>/api/pay/notify/wechat. */
  notifyUrl: string;
  /** The API host; tests point it at a stand-in. */
  baseUrl?: string;
}

/** Notifications older or newer than this are refused (replays of a captured one). */
const MAX_CLOCK_SKEW_SECONDS = 300;

/** RFC 3339 in China time, as WeChat Pay reads time_expire. */
const chinaTime = (d: Date) => `${new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;

interface Transaction {
  out_trade_no: string;
  transaction_id: string;
  trade_state: string;
  mchid?: string;
  amount: { total: number };
  success_time?: string;
}

/** description is string(127), reason string(80): WeChat Pay counts these lengths in UTF-8 bytes. */
const DESCRIPTION_MAX_BYTES = 127;
const REFUND_REASON_MAX_BYTES = 80;

/**
 * The longest start of `text` within `maxBytes` of UTF-8, cut between characters. API v3 takes only
 * characters of one to three bytes, so four-byte ones (emoji, rare CJK) and lone surrogates are left out.
 */
export function utf8Prefix(text: string, maxBytes: number) {
  let out = "";
  let used = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp > 0xffff || (cp >= 0xd800 && cp <= 0xdfff)) continue;
    const size = cp < 0x80 ? 1 : cp < 0x800 ? 2 : 3;
    if (used + size > maxBytes) break;
    out += ch;
    used += size;
  }
  return out;
}

function paymentOf(t: Transaction): ProviderPayment {
  return { tradeNo: t.out_trade_no, providerTradeNo: t.transaction_id, amount: t.amount.total, paidAt: t.success_time ? new Date(t.success_time) : new Date() };
}

export function wechatProvider(cfg: WechatConfig, now: () => number = Date.now): PaymentProvider {
  const client = new Wechatpay({
    mchid: cfg.mchId,
    serial: cfg.serial,
    privateKey: cfg.privateKey,
    certs: { [cfg.platformSerial]: cfg.platformPublicKey },
    ...(cfg.baseUrl ? { baseURL: cfg.baseUrl } : {}),
    timeout: 10_000,
  });
  const failure = (e: unknown) => {
    const r = (e as { response?: { data?: { message?: string; code?: string } } }).response?.data;
    return new Error(r?.message ?? r?.code ?? (e instanceof Error ? e.message : String(e)));
  };
  return {
    name: "wechat",
    async createPayment(order: OrderForProvider) {
      try {
        const { data } = await client.chain("v3/pay/transactions/native").post({
          appid: cfg.appId,
          mchid: cfg.mchId,
          description: utf8Prefix(order.goodsName, DESCRIPTION_MAX_BYTES) || "财云学院课程",
          out_trade_no: order.tradeNo,
          time_expire: chinaTime(order.expiresAt),
          notify_url: cfg.notifyUrl,
          amount: { total: order.payAmount, currency: "CNY" },
        });
        return { payUrl: (data as unknown as { code_url: string }).code_url };
      } catch (e) {
        throw failure(e);
      }
    },
    async query(tradeNo: string) {
      try {
        const { data } = await client.chain("v3/pay/transactions/out-trade-no/{out_trade_no}").get({ params: { mchid: cfg.mchId }, out_trade_no: tradeNo } as never);
        const t = data as Transaction;
        return t.trade_state === "SUCCESS" && t.out_trade_no === tradeNo ? paymentOf(t) : null;
      } catch {
        return null;
      }
    },
    async parseNotification(n: IncomingNotification) {
      const timestamp = n.headers["wechatpay-timestamp"] ?? "";
      const nonce = n.headers["wechatpay-nonce"] ?? "";
      const signature = n.headers["wechatpay-signature"] ?? "";
      const serial = n.headers["wechatpay-serial"] ?? "";
      if (!timestamp || !nonce || !signature || serial !== cfg.platformSerial) throw new NotificationRefused("签名校验失败");
      if (Math.abs(now() / 1000 - Number(timestamp)) > MAX_CLOCK_SKEW_SECONDS) throw new NotificationRefused("通知已过期");
      let verified = false;
      try {
        verified = Rsa.verify(Formatter.response(timestamp, nonce, n.body), signature, cfg.platformPublicKey);
      } catch {}
      if (!verified) throw new NotificationRefused("签名校验失败");
      let resource: { ciphertext: string; nonce: string; associated_data?: string };
      let eventType: string;
      try {
        const body = JSON.parse(n.body) as { event_type: string; resource: typeof resource };
        eventType = body.event_type;
        resource = body.resource;
      } catch {
        throw new NotificationRefused("通知内容无法解析");
      }
      if (eventType !== "TRANSACTION.SUCCESS") throw new NotificationRefused("不是支付成功通知");
      let t: Transaction;
      try {
        t = JSON.parse(Aes.AesGcm.decrypt(resource.ciphertext, cfg.apiV3Key, resource.nonce, resource.associated_data ?? "")) as Transaction;
      } catch {
        throw new NotificationRefused("通知内容解密失败");
      }
      if (t.trade_state !== "SUCCESS" || (t.mchid && t.mchid !== cfg.mchId)) throw new NotificationRefused("交易未成功");
      return paymentOf(t);
    },
    notificationAnswer(ok: boolean) {
      return ok ? { status: 204, body: "", contentType: "text/plain" } : { status: 400, body: JSON.stringify({ code: "FAIL", message: "失败" }), contentType: "application/json" };
    },
    async close(tradeNo: string) {
      try {
        await client.chain("v3/pay/transactions/out-trade-no/{out_trade_no}/close").post({ mchid: cfg.mchId }, { out_trade_no: tradeNo } as never);
      } catch (e) {
        throw failure(e);
      }
    },
    async refund(input) {
      try {
        await client.chain("v3/refund/domestic/refunds").post({
          out_trade_no: input.tradeNo,
          out_refund_no: input.refundNo,
          reason: utf8Prefix(input.reason, REFUND_REASON_MAX_BYTES),
          amount: { refund: input.amount, total: input.total, currency: "CNY" },
        });
      } catch (e) {
        throw failure(e);
      }
    },
  };
}
