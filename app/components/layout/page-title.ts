/** Page titles end with the product name: pageTitle("概览", "个人中心") -> "概览 - 个人中心 - 财云学院". */
export const PRODUCT_NAME = "财云学院";

export function pageTitle(...parts: string[]) {
  return [...parts.filter(Boolean), PRODUCT_NAME].join(" - ");
}
