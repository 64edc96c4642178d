import { and, eq, isNull, lt } from "drizzle-orm";
import svgCaptcha from "svg-captcha";
import type { DbOrTx } from "@db/client";
import { captchas } from "@db/schema";
import { env } from "@base/env.server";
import { fail } from "@base/errors";
import { randomToken } from "./session";

export const CAPTCHA_COOKIE = "cy_captcha";
const CAPTCHA_TTL_MS = 5 * 60 * 1000;

/** A new image captcha; its id goes in a cookie, its answer stays on the server. */
export async function createCaptcha(db: DbOrTx) {
  const image = svgCaptcha.create({
    size: 4,
    ignoreChars: "0oO1ilI",
    noise: 3,
    color: true,
    background: "#f2f6ff",
    width: 120,
    height: 40,
  });
  const id = randomToken(16);
  await db.delete(captchas).where(lt(captchas.expiresAt, new Date()));
  await db.insert(captchas).values({ id, answer: image.text.toLowerCase(), expiresAt: new Date(Date.now() + CAPTCHA_TTL_MS) });
  return { id, svg: image.data };
}

export function captchaCookie(id: string, secure: boolean) {
  return `${CAPTCHA_COOKIE}=${id}; HttpOnly; SameSite=Lax; Path=/; Max-Age=300${secure ? "; Secure" : ""}`;
}

/**
 * Checks the image code bound to this browser; a captcha is spent by any check, right or wrong,
 * so it cannot be guessed repeatedly. Outside production DEV_CAPTCHA_CODE is accepted too.
 */
export async function consumeCaptcha(db: DbOrTx, id: string | undefined, answer: string) {
  const e = env();
  if (!e.isProduction && e.DEV_CAPTCHA_CODE && answer === e.DEV_CAPTCHA_CODE) return;
  if (!id) throw fail("图形验证码已失效，请刷新后重试");
  const rows = await db
    .update(captchas)
    .set({ usedAt: new Date() })
    .where(and(eq(captchas.id, id), isNull(captchas.usedAt)))
    .returning();
  const row = rows[0];
  if (!row || row.expiresAt.getTime() < Date.now()) throw fail("图形验证码已失效，请刷新后重试");
  if (row.answer !== answer.trim().toLowerCase()) throw fail("图形验证码错误");
}
