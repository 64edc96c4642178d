/**
 * One interface for every way of taking money (docs/decisions/027-commerce.md). The order service
 * never knows which provider it talks to: it asks for a QR code, asks whether a trade is paid,
 * hands over the notification it received, closes a trade and refunds one.
 */

/** A payment the provider reports for one of our trade numbers (from a notification or a query). */
export interface ProviderPayment {
  /** The provider's own transaction id: a notification and a query of the same payment share it. */
  providerTradeNo: string;
  tradeNo: string;
  /** Cents. */
  amount: number;
  paidAt: Date;
}

export interface OrderForProvider {
  tradeNo: string;
  /** Cents. */
  payAmount: number;
  goodsName: string;
  expiresAt: Date;
}

/** A notification as it arrived over HTTP. */
export interface IncomingNotification {
  headers: Record<string, string | undefined>;
  body: string;
}

/** Why a notification was not believed: answered to the provider as a failure, nothing changes. */
export class NotificationRefused extends Error {}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Starts a payment and answers what the QR code shows. */
  createPayment(order: OrderForProvider, origin: string): Promise<{ payUrl: string }>;
  /** The payment of a trade when the provider has one, else null. */
  query(tradeNo: string): Promise<ProviderPayment | null>;
  /** Verifies and reads a notification; throws NotificationRefused when it is not genuine. */
  parseNotification(n: IncomingNotification): Promise<ProviderPayment>;
  /** What the provider expects back once a notification was taken in (or refused). */
  notificationAnswer(ok: boolean): { status: number; body: string; contentType: string };
  /** Closes an unpaid trade so it can no longer be paid. */
  close(tradeNo: string): Promise<void>;
  /** Returns money; resolves when the provider accepted the refund. */
  refund(input: { tradeNo: string; refundNo: string; amount: number; total: number; reason: string }): Promise<void>;
}

export type ProviderName = "sandbox" | "wechat" | "alipay";
export const PROVIDER_NAMES: readonly ProviderName[] = ["sandbox", "wechat", "alipay"];
export const providerLabel = (name: string | null | undefined) =>
  name === "wechat" ? "微信支付" : name === "alipay" ? "支付宝" : name === "sandbox" ? "演示支付" : "";
