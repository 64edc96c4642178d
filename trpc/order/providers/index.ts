import { env } from "@base/env.server";
import { fail } from "@base/errors";
import { alipayProvider } from "./alipay";
import type { PaymentProvider, ProviderName } from "./provider";
import { sandboxProvider } from "./sandbox";
import { wechatProvider } from "./wechat";

const registered = new Map<ProviderName, PaymentProvider>([["sandbox", sandboxProvider]]);
let configured = false;

const pem = (v: string) => v.replace(/\\n/g, "\n");

/** WeChat Pay and Alipay join once their settings are all present (docs/decisions/027-commerce.md). */
function configureFromEnv() {
  if (configured) return;
  configured = true;
  const e = env();
  const base = (e.PUBLIC_URL ?? "").replace(/\/+$/, "");
  if (e.WECHATPAY_APPID && e.WECHATPAY_MCHID && e.WECHATPAY_SERIAL && e.WECHATPAY_PRIVATE_KEY && e.WECHATPAY_PLATFORM_SERIAL && e.WECHATPAY_PLATFORM_PUBLIC_KEY && e.WECHATPAY_APIV3_KEY && !registered.has("wechat"))
    registered.set(
      "wechat",
      wechatProvider({
        appId: e.WECHATPAY_APPID,
        mchId: e.WECHATPAY_MCHID,
        serial: e.WECHATPAY_SERIAL,
        privateKey: pem(e.WECHATPAY_PRIVATE_KEY),
        platformSerial: e.WECHATPAY_PLATFORM_SERIAL,
        platformPublicKey: pem(e.WECHATPAY_PLATFORM_PUBLIC_KEY),
        apiV3Key: e.WECHATPAY_APIV3_KEY,
        notifyUrl: `${base}/api/pay/notify/wechat`,
        baseUrl: e.WECHATPAY_BASE_URL,
      }),
    );
  if (e.ALIPAY_APP_ID && e.ALIPAY_PRIVATE_KEY && e.ALIPAY_PUBLIC_KEY && !registered.has("alipay"))
    registered.set(
      "alipay",
      alipayProvider({ appId: e.ALIPAY_APP_ID, privateKey: pem(e.ALIPAY_PRIVATE_KEY), alipayPublicKey: pem(e.ALIPAY_PUBLIC_KEY), notifyUrl: `${base}/api/pay/notify/alipay`, gateway: e.ALIPAY_GATEWAY }),
    );
}

/** Adds (or, in tests, replaces) a provider under its name. */
export function registerProvider(provider: PaymentProvider) {
  registered.set(provider.name, provider);
}

export const PAYMENT_UNAVAILABLE = "在线支付暂未开通，请联系平台管理员";

/** The provider new payments go to: PAYMENT_PROVIDER, else the sandbox outside production. */
export function activeProviderName(): ProviderName | null {
  const e = env();
  return e.PAYMENT_PROVIDER ?? (e.isProduction ? null : "sandbox");
}

export function activeProvider(): PaymentProvider {
  configureFromEnv();
  const name = activeProviderName();
  const provider = name ? registered.get(name) : undefined;
  if (!provider) throw fail(PAYMENT_UNAVAILABLE);
  return provider;
}

/** The provider an order was paid or opened with (notifications name theirs in the address). */
export function providerNamed(name: string | null | undefined): PaymentProvider | null {
  configureFromEnv();
  return (name && registered.get(name as ProviderName)) || null;
}
