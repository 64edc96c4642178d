import { z } from "zod";
import type { Db } from "@db/client";
import { AppError, fail } from "@base/errors";
import { ssoConfig, type SsoConfig } from "./config";
import { applyDirectoryProfile, normalisePhone, resolveUser, syncMemberships, type SsoProfile } from "./identity.service";
import { providerIssuer } from "./provider.service";

/*
 * The directory beside the provider (docs/decisions/032-single-sign-on.md), read with the client's
 * credentials (HTTP Basic):
 *   GET {SSO_DIRECTORY_URL}/organizations → { "organizations": [{ "code", "name", "children": [...] }] }
 *   GET {SSO_DIRECTORY_URL}/roles         → { "roles": [{ "code", "name", "children": [...] }] }
 *   GET {SSO_DIRECTORY_URL}/users?page=N  → { "users": [{ "sub", "name", "phone_number", "employee_number",
 *                                              "org_code", "role_codes": [...], "active" }], "nextPage": N+1 | null }
 */

export const DIRECTORY_DOWN = "统一认证目录暂时无法连接，请稍后重试";
const DIRECTORY_REFUSED = "统一认证目录拒绝访问，请检查客户端凭据";
const DIRECTORY_MALFORMED = "统一认证目录返回的数据格式不正确";
/** A stop for a directory that never says it is done. */
const MAX_PAGES = 1000;

const form = (v: string) => encodeURIComponent(v).replace(/%20/g, "+");

async function directoryGet(c: SsoConfig, path: string): Promise<Record<string, unknown>> {
  const basic = Buffer.from(`${form(c.clientId)}:${form(c.clientSecret ?? "")}`).toString("base64");
  let res: Response;
  try {
    res = await fetch(`${c.directoryUrl}${path}`, { headers: { authorization: `Basic ${basic}`, accept: "application/json" }, signal: AbortSignal.timeout(10_000) });
  } catch (e) {
    console.warn("[sso] directory unreachable:", e instanceof Error ? e.message : e);
    throw fail(DIRECTORY_DOWN);
  }
  if (res.status === 401 || res.status === 403) throw fail(DIRECTORY_REFUSED);
  if (!res.ok) throw fail(DIRECTORY_DOWN);
  const body: unknown = await res.json().catch(() => null);
  if (!body || typeof body !== "object" || Array.isArray(body)) throw fail(DIRECTORY_MALFORMED);
  return body as Record<string, unknown>;
}

/**
 * The provider's organisation (groups) or role tree as the directory lists it, unchecked (the org
 * initialisation checks units); null when no directory is configured.
 */
export async function ssoDirectoryTree(kind: "group" | "role"): Promise<unknown[] | null> {
  const c = ssoConfig();
  if (!c?.directoryUrl) return null;
  const key = kind === "group" ? "organizations" : "roles";
  const list = (await directoryGet(c, `/${key}`))[key];
  if (!Array.isArray(list)) throw fail(`${DIRECTORY_MALFORMED}：缺少 ${key}`);
  return list;
}

const code = z.union([z.string(), z.number()]).transform((v) => String(v).trim().slice(0, 64));
const directoryUser = z.object({
  sub: z.union([z.string(), z.number()]).transform((v) => String(v).trim()).pipe(z.string().min(1).max(255)),
  name: z.string().optional(),
  phone_number: z.union([z.string(), z.number()]).optional(),
  employee_number: code.optional(),
  org_code: code.optional(),
  role_codes: z.array(code).optional(),
  active: z.boolean().optional(),
});
const usersPage = z.object({ users: z.array(z.unknown()), nextPage: z.number().int().positive().nullable().optional() });

function profileOf(u: z.output<typeof directoryUser>): SsoProfile {
  return {
    subject: u.sub,
    name: (u.name ?? "").trim().slice(0, 64),
    // The directory is the organisation's own record: its phone counts as verified.
    phone: normalisePhone(u.phone_number),
    employeeNumber: u.employee_number || null,
    orgCode: u.org_code || null,
    roleCodes: u.role_codes?.filter(Boolean),
    active: u.active,
  };
}

export interface UserSyncResult {
  total: number;
  created: number;
  linked: number;
  updated: number;
  unchanged: number;
  skipped: number;
  /** Why entries were skipped (the first 20). */
  problems: { sub: string; reason: string }[];
}

/**
 * Reads every directory user and brings the platform in line: the linked account is updated, an existing
 * one is linked (same rules as a sign-in), or one is created; memberships follow the unit and roles.
 * Each person is one transaction, so one bad entry does not stop the rest. A second run changes nothing.
 * Null when no directory is configured.
 */
export async function syncDirectoryUsers(db: Db): Promise<UserSyncResult | null> {
  const c = ssoConfig();
  if (!c?.directoryUrl) return null;
  const issuer = await providerIssuer(c);
  const result: UserSyncResult = { total: 0, created: 0, linked: 0, updated: 0, unchanged: 0, skipped: 0, problems: [] };
  const skip = (sub: string, reason: string) => {
    result.skipped++;
    if (result.problems.length < 20) result.problems.push({ sub, reason });
  };
  for (let page = 1, pages = 0; page && pages < MAX_PAGES; pages++) {
    const parsed = usersPage.safeParse(await directoryGet(c, `/users?page=${page}`));
    if (!parsed.success) throw fail(`${DIRECTORY_MALFORMED}：缺少 users`);
    for (const raw of parsed.data.users) {
      result.total++;
      const entry = directoryUser.safeParse(raw);
      if (!entry.success) {
        skip(String((raw as { sub?: unknown })?.sub ?? ""), "条目缺少 sub 或字段格式不正确");
        continue;
      }
      const profile = profileOf(entry.data);
      try {
        const outcome = await db.transaction(async (tx) => {
          const { user, outcome } = await resolveUser(tx, issuer, profile);
          const profileChanged = await applyDirectoryProfile(tx, user, profile);
          const membershipChanged = await syncMemberships(tx, user.id, profile);
          return outcome === "existing" ? (profileChanged || membershipChanged ? "updated" : "unchanged") : outcome;
        });
        result[outcome]++;
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        skip(profile.subject, e.message);
      }
    }
    page = parsed.data.nextPage ?? 0;
  }
  return result;
}
