import { createHash } from "node:crypto";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { and, eq, getTableColumns, ne, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { batched } from "@db/batch";
import { prepared } from "@db/prepared";
import { sessions, users } from "@db/schema";
import { publishSessionsEnded } from "../realtime/publish";

export const SESSION_COOKIE = "cy_session";
const DAY = 24 * 60 * 60 * 1000;
export const SESSION_TTL_MS = 30 * DAY;
/** A session used in its second half is pushed out to a full term again (sliding expiry). */
const RENEW_WITHIN_MS = 15 * DAY;

/** An account's whole row, as the login reads it. */
export type User = typeof users.$inferSelect;
/**
 * The account a request runs as: every column but the password hash, which only the login and a password
 * change read (each on its own). Every signed-in call reads this row, so it carries nothing more.
 */
export type SessionUser = Omit<User, "passwordHash">;
const { passwordHash: _hash, ...sessionUserColumns } = getTableColumns(users);
export interface SessionInfo {
  id: string;
  userId: number;
  expiresAt: Date;
  fresh: boolean;
}

export function randomToken(bytes = 20): string {
  const raw = new Uint8Array(bytes);
  crypto.getRandomValues(raw);
  return encodeBase32LowerCaseNoPadding(raw);
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

export async function createSession(
  db: DbOrTx,
  userId: number,
  meta: { ip?: string; userAgent?: string } = {},
): Promise<{ token: string; session: SessionInfo }> {
  const token = randomToken();
  const session: SessionInfo = {
    id: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
    fresh: true,
  };
  await db.insert(sessions).values({
    id: session.id,
    userId,
    expiresAt: session.expiresAt,
    ip: meta.ip?.slice(0, 64),
    userAgent: meta.userAgent?.slice(0, 400),
  });
  return { token, session };
}

type SessionRow = { session: { id: string; expiresAt: Date }; user: SessionUser };

/**
 * Every signed-in request reads its session: the lookups of one turn go as one statement (db/batch.ts),
 * built once per database handle, reading only what a request's context holds (not the session's
 * device and address, nor the password hash).
 */
function sessionLookup(db: DbOrTx) {
  return batched<string, SessionRow | null>(db, "session_by_id", async (d, ids) => {
    const rows = await prepared(d, "sessions_by_ids", (x) =>
      x
        .select({ session: { id: sessions.id, expiresAt: sessions.expiresAt }, user: sessionUserColumns })
        .from(sessions)
        .innerJoin(users, eq(sessions.userId, users.id))
        .where(sql`${sessions.id} = any(string_to_array(${sql.placeholder("ids")}, ','))`)
        .prepare("sessions_by_ids"),
    ).execute({ ids: ids.join(",") });
    const byId = new Map(rows.map((r) => [r.session.id, r]));
    return ids.map((id) => byId.get(id) ?? null);
  });
}

export async function validateSessionToken(
  db: DbOrTx,
  token: string,
): Promise<{ session: SessionInfo; user: SessionUser } | null> {
  if (!/^[a-z2-7]{16,64}$/.test(token)) return null;
  const id = hashToken(token);
  const row = await sessionLookup(db)(id);
  if (!row) return null;
  const now = Date.now();
  if (row.session.expiresAt.getTime() <= now) {
    await invalidateSession(db, id);
    return null;
  }
  // A disabled account loses its sessions at once.
  if (row.user.status !== 1) {
    await invalidateUserSessions(db, row.user.id);
    return null;
  }
  let expiresAt = row.session.expiresAt;
  let fresh = false;
  if (expiresAt.getTime() - now < RENEW_WITHIN_MS) {
    expiresAt = new Date(now + SESSION_TTL_MS);
    fresh = true;
    await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
  }
  return { session: { id, userId: row.user.id, expiresAt, fresh }, user: row.user };
}

/**
 * The one way sessions end (logout, expiry, disabling, deletion, password change or reset): the rows
 * go and every realtime process is told to close the sockets those sessions opened.
 */
async function endSessions(db: DbOrTx, where: SQL | undefined) {
  const ended = await db.delete(sessions).where(where).returning({ id: sessions.id });
  // Not awaited: the realtime process also refuses these ids from then on, so the news may run ahead of a commit.
  if (ended.length) void publishSessionsEnded(ended.map((s) => s.id));
}

export async function invalidateSession(db: DbOrTx, sessionId: string) {
  await endSessions(db, eq(sessions.id, sessionId));
}

/** Ends every session of the user, or every one but `except` (the device that changed the password). */
export async function invalidateUserSessions(db: DbOrTx, userId: number, opts: { except?: string } = {}) {
  await endSessions(db, opts.except ? and(eq(sessions.userId, userId), ne(sessions.id, opts.except)) : eq(sessions.userId, userId));
}

export function sessionCookie(token: string, expiresAt: Date, secure: boolean): string {
  const parts = [
    `${SESSION_COOKIE}=${token}`,
    "HttpOnly",
    "SameSite=Lax",
    "Path=/",
    `Expires=${expiresAt.toUTCString()}`,
  ];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

export function blankSessionCookie(secure: boolean): string {
  const parts = [`${SESSION_COOKIE}=`, "HttpOnly", "SameSite=Lax", "Path=/", "Max-Age=0"];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

export function parseCookies(header: string | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at < 0) continue;
    const key = part.slice(0, at).trim();
    if (!key || key in out) continue;
    try {
      out[key] = decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      out[key] = part.slice(at + 1).trim();
    }
  }
  return out;
}
