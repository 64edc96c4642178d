import { createHmac, timingSafeEqual } from "node:crypto";
import { storageSecret } from "../../upload/config";
import { NotificationRefused, type IncomingNotification, type OrderForProvider, type PaymentProvider, type ProviderPayment } from "./provider";

/**
 * The built-in demo provider: its QR code opens /payment/sandbox (the "phone"), whose 确认支付 sends a
 * notification signed with the server's storage secret through the same door a real provider uses.
 * It keeps no state: a trade is paid when its notification has been taken in.
 */
export const SANDBOX_PREFIX = "SB";

const sign = (text: string) => createHmac("sha256", storageSecret()).update(`sandbox-pay:${text}`).digest("base64url");

/** The token in the QR code's address: who holds it may pay that trade (as with a real code). */
export const sandboxTicket = (tradeNo: string) => sign(tradeNo).slice(0, 22);

export function sandboxTicketOk(tradeNo: string, ticket: string) {
  const want = Buffer.from(sandboxTicket(tradeNo));
  const got = Buffer.from(ticket);
  return want.length === got.length && timingSafeEqual(want, got);
}

interface SandboxBody {
  tradeNo: string;
  amount: number;
  providerTradeNo: string;
  paidAt: string;
}

/** The notification the sandbox's phone page sends (also built by tests). */
export function sandboxNotification(body: SandboxBody): IncomingNotification {
  const text = JSON.stringify(body);
  return { headers: { "x-sandbox-signature": sign(text), "content-type": "application/json" }, body: text };
}

export const sandboxProvider: PaymentProvider = {
  name: "sandbox",
  async createPayment(order: OrderForProvider, origin: string) {
    return { payUrl: `${origin}/payment/sandbox?tradeNo=${encodeURIComponent(order.tradeNo)}&ticket=${sandboxTicket(order.tradeNo)}` };
  },
  async query() {
    return null;
  },
  async parseNotification(n: IncomingNotification): Promise<ProviderPayment> {
    const signature = n.headers["x-sandbox-signature"] ?? "";
    const want = Buffer.from(sign(n.body));
    const got = Buffer.from(signature);
    if (want.length !== got.length || !timingSafeEqual(want, got)) throw new NotificationRefused("签名校验失败");
    let body: SandboxBody;
    try {
      body = JSON.parse(n.body) as SandboxBody;
    } catch {
      throw new NotificationRefused("通知内容无法解析");
    }
    if (typeof body.tradeNo !== "string" || !Number.isInteger(body.amount) || typeof body.providerTradeNo !== "string") throw new NotificationRefused("通知内容不完整");
    return { tradeNo: body.tradeNo, amount: body.amount, providerTradeNo: body.providerTradeNo, paidAt: new Date(body.paidAt) };
  },
  notificationAnswer(ok: boolean) {
    return { status: ok ? 200 : 400, body: JSON.stringify({ code: ok ? "SUCCESS" : "FAIL" }), contentType: "application/json" };
  },
  async close() {},
  async refund() {},
};
