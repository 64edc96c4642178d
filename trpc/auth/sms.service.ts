import { appendFile, mkdir } from "node:fs/promises";
import { join } from "node:path";
import { and, count, desc, eq, gt, gte, isNull, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { smsCodes } from "@db/schema";
import { env } from "@base/env.server";
import { AppError, fail, LegacyCode } from "@base/errors";
import { hashToken } from "./session";
import { chinaDayStart } from "@base/china-time";

export type SmsPurpose = "login" | "register" | "password" | "phone-old" | "phone-new";

/** The one resend interval: answered with every send (resendAfter) and every early refusal (retryAfter), so pages never keep their own. */
export const SMS_RESEND_SECONDS = 60;
export const SMS_TTL_MS = 5 * 60 * 1000;
export const SMS_DAILY_CAP = 10;
/** Wrong guesses allowed against one code before it is void. */
const SMS_MAX_CHECKS = 5;

const purposeText: Record<SmsPurpose, string> = {
  login: "登录",
  register: "注册",
  password: "找回密码",
  "phone-old": "更换手机号",
  "phone-new": "绑定新手机号",
};

export interface SmsSender {
  send(message: { mobile: string; code: string; text: string }): Promise<void>;
}

/** Development sender: one JSON line per message in DATA_DIR/sms-outbox.jsonl. */
export const outboxSender: SmsSender = {
  async send({ mobile, code, text }) {
    const dir = env().DATA_DIR;
    await mkdir(dir, { recursive: true });
    await appendFile(join(dir, "sms-outbox.jsonl"), JSON.stringify({ mobile, code, text, at: new Date().toISOString() }) + "\n");
  },
};

let sender: SmsSender = outboxSender;
export function setSmsSender(next: SmsSender) {
  sender = next;
}

function sixDigits(): string {
  const n = new Uint32Array(1);
  crypto.getRandomValues(n);
  return String(n[0]! % 1_000_000).padStart(6, "0");
}

/** Issues a code: 60 s between sends, a daily cap per phone, 5 minutes of validity (the per-address cap is sendCodeFor's). */
export async function sendSmsCode(db: DbOrTx, mobile: string, purpose: SmsPurpose, ip?: string) {
  const code = sixDigits();
  await db.transaction(async (tx) => {
    // One send per phone at a time, so parallel requests cannot all pass the wait and the cap.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:${mobile}`}))`);
    const now = new Date();
    const last = await tx
      .select({ createdAt: smsCodes.createdAt })
      .from(smsCodes)
      .where(eq(smsCodes.mobile, mobile))
      .orderBy(desc(smsCodes.createdAt))
      .limit(1);
    if (last[0]) {
      const wait = Math.ceil((last[0].createdAt.getTime() + SMS_RESEND_SECONDS * 1000 - now.getTime()) / 1000);
      // Still the legacy "-1" refusal; the wait also travels as data so the page counts it down.
      if (wait > 0) throw new AppError(LegacyCode.fail, `验证码发送过于频繁，请${wait}秒后再试`, { retryAfter: wait });
    }
    const [today] = await tx
      .select({ n: count() })
      .from(smsCodes)
      .where(and(eq(smsCodes.mobile, mobile), gte(smsCodes.createdAt, chinaDayStart(now))));
    if ((today?.n ?? 0) >= SMS_DAILY_CAP) throw fail("该手机号今日获取验证码次数已达上限，请明天再试");
    await tx.insert(smsCodes).values({
      mobile,
      purpose,
      codeHash: hashToken(`${mobile}:${code}`),
      expiresAt: new Date(now.getTime() + SMS_TTL_MS),
      ip,
    });
  });
  await sender.send({
    mobile,
    code,
    text: `【财云学院】您的${purposeText[purpose]}验证码为${code}，5分钟内有效，请勿泄露给他人。`,
  });
  return { resendAfter: SMS_RESEND_SECONDS };
}

/** Spends the newest live code of this purpose; a wrong code counts against it. */
export async function consumeSmsCode(db: DbOrTx, mobile: string, purpose: SmsPurpose, code: string) {
  const rows = await db
    .select({ id: smsCodes.id, codeHash: smsCodes.codeHash })
    .from(smsCodes)
    .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.purpose, purpose), isNull(smsCodes.usedAt)))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  const row = rows[0];
  if (!row) throw fail("验证码已失效，请重新获取");
  // A check is claimed before the comparison, in one conditional update: parallel guesses cannot
  // compare more than SMS_MAX_CHECKS times against one code.
  const claimed = await db
    .update(smsCodes)
    .set({ failedChecks: sql`${smsCodes.failedChecks} + 1` })
    .where(and(eq(smsCodes.id, row.id), isNull(smsCodes.usedAt), lt(smsCodes.failedChecks, SMS_MAX_CHECKS), gt(smsCodes.expiresAt, new Date())))
    .returning({ id: smsCodes.id });
  if (!claimed.length) throw fail("验证码已失效，请重新获取");
  if (row.codeHash !== hashToken(`${mobile}:${code}`)) throw fail("验证码错误");
  // The right code spends it and hands its claimed check back, so failedChecks counts wrong guesses only.
  const spent = await db
    .update(smsCodes)
    .set({ usedAt: new Date(), failedChecks: sql`${smsCodes.failedChecks} - 1` })
    .where(and(eq(smsCodes.id, row.id), isNull(smsCodes.usedAt)))
    .returning({ id: smsCodes.id });
  if (!spent.length) throw fail("验证码已失效，请重新获取");
}
