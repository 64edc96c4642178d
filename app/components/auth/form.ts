import type { z } from "zod";

/** The first message a schema gives for one value, or undefined when it passes. */
export function fieldError(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** One message per top-level field (the first), from the same schema the procedure parses with. */
export function formErrors<T extends object>(schema: z.ZodType, values: T): FieldErrors<keyof T & string> {
  type K = keyof T & string;
  const result = schema.safeParse(values);
  const out: FieldErrors<K> = {};
  if (result.success) return out;
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "") as K;
    if (key && !out[key]) out[key] = issue.message;
  }
  return out;
}

export const hasErrors = (errors: Record<string, string | undefined>) => Object.values(errors).some(Boolean);

/** Only a path on this site: "/x" yes; "//evil.com", "/\\evil.com" and absolute URLs no. */

/** Server messages about the SMS code belong under the code field, the rest in the form's error bar. */
export const isCodeMessage = (message: string) => /验证码/.test(message) && !/图形/.test(message);
