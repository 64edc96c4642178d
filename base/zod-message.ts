import type { ZodError } from "zod";

/** A readable Chinese message from a zod failure: the first issue's own message when it has one. */
export function zodMessage(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "参数错误";
  const field = issue.path.join(".");
  const own = issue.message;
  // Messages written in the schemas are Chinese; zod's defaults are English and get a generic wording.
  if (/[\u4e00-\u9fa5]/.test(own)) return own;
  if (issue.code === "invalid_type" && /received undefined/.test(own)) return field ? `缺少参数 ${field}` : "缺少请求参数";
  return field ? `参数 ${field} 格式不正确` : "参数格式不正确";
}
