import { and, eq, isNull, lt } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { qrTickets } from "@db/schema";
import { fail } from "@base/errors";
import { randomToken } from "./session";

export const QR_TTL_MS = 2 * 60 * 1000;
export const QrStatus = { initial: 0, scanned: 2, confirmed: 3, expired: 4 } as const;

export async function createQr(db: DbOrTx, origin: string) {
  const token = randomToken(20);
  await db.delete(qrTickets).where(lt(qrTickets.expiresAt, new Date(Date.now() - 60 * 60 * 1000)));
  await db.insert(qrTickets).values({ token, expiresAt: new Date(Date.now() + QR_TTL_MS) });
  return { qrCodeToken: token, qrCodeContent: `${origin}/qr/confirm?token=${token}`, expiresIn: QR_TTL_MS / 1000 };
}

async function load(db: DbOrTx, token: string) {
  const rows = await db.select().from(qrTickets).where(eq(qrTickets.token, token)).limit(1);
  return rows[0];
}

export async function qrStatus(db: DbOrTx, token: string) {
  const row = await load(db, token);
  if (!row || row.consumedAt) return { qrCodeStatus: QrStatus.expired, qrCodeTicket: null };
  if (row.expiresAt.getTime() < Date.now()) {
    if (row.status !== QrStatus.expired) await db.update(qrTickets).set({ status: QrStatus.expired }).where(eq(qrTickets.token, token));
    return { qrCodeStatus: QrStatus.expired, qrCodeTicket: null };
  }
  return { qrCodeStatus: row.status, qrCodeTicket: row.status === QrStatus.confirmed ? row.ticket : null };
}

async function live(db: DbOrTx, token: string) {
  const row = await load(db, token);
  if (!row || row.consumedAt || row.expiresAt.getTime() < Date.now() || row.status === QrStatus.expired) {
    throw fail("二维码已失效，请在电脑上刷新二维码");
  }
  return row;
}

/** The second device opened the code: it now belongs to that logged-in user. */
export async function scanQr(db: DbOrTx, token: string, userId: number) {
  const row = await live(db, token);
  if (row.userId && row.userId !== userId) throw fail("该二维码已被其他账号扫描");
  if (row.status === QrStatus.initial) {
    await db.update(qrTickets).set({ status: QrStatus.scanned, userId }).where(eq(qrTickets.token, token));
  }
  return { qrCodeStatus: row.status === QrStatus.initial ? QrStatus.scanned : row.status };
}

export async function confirmQr(db: DbOrTx, token: string, userId: number) {
  const row = await live(db, token);
  if (row.userId !== userId || row.status !== QrStatus.scanned) throw fail("请先扫描二维码");
  const ticket = randomToken(20);
  await db
    .update(qrTickets)
    .set({ status: QrStatus.confirmed, ticket, expiresAt: new Date(Date.now() + 60_000) })
    .where(eq(qrTickets.token, token));
  return { qrCodeStatus: QrStatus.confirmed };
}

/** The first device trades token and ticket for a session, once. */
export async function consumeQrTicket(db: DbOrTx, token: string, ticket: string): Promise<number> {
  const rows = await db
    .update(qrTickets)
    .set({ consumedAt: new Date() })
    .where(and(eq(qrTickets.token, token), eq(qrTickets.ticket, ticket), eq(qrTickets.status, QrStatus.confirmed), isNull(qrTickets.consumedAt)))
    .returning();
  const row = rows[0];
  if (!row || !row.userId || row.expiresAt.getTime() < Date.now()) throw fail("二维码已失效，请刷新");
  return row.userId;
}

/** The second device declined: the code returns to its initial state so someone else may scan it. */
export async function cancelQr(db: DbOrTx, token: string, userId: number) {
  const row = await live(db, token);
  if (row.userId !== userId || row.status !== QrStatus.scanned) throw fail("请先扫描二维码");
  await db.update(qrTickets).set({ status: QrStatus.initial, userId: null }).where(eq(qrTickets.token, token));
  return { qrCodeStatus: QrStatus.initial };
}
