import { env } from "@base/env.server";
import { fail } from "@base/errors";
import type { PaymentProvider, ProviderName } from "./provider";
import { sandboxProvider } from "./sandbox";

const registered = new Map<ProviderName, PaymentProvider>([["sandbox", sandboxProvider]]);

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
  const name = activeProviderName();
  const provider = name ? registered.get(name) : undefined;
  if (!provider) throw fail(PAYMENT_UNAVAILABLE);
  return provider;
}

/** The provider an order was paid or opened with (notifications name theirs in the address). */
export function providerNamed(name: string | null | undefined): PaymentProvider | null {
  return (name && registered.get(name as ProviderName)) || null;
}
