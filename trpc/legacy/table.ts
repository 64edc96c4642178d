import type { LegacyMethod, LegacyRow } from "./types";
import { authLegacy } from "../auth/legacy";
import { siteLegacy } from "../site/legacy";
import { orgLegacy } from "../org/legacy";
import { oauthLegacy } from "../oauth/legacy";
import { uploadLegacy } from "../upload/legacy";
import { identityLegacy } from "../identity/legacy";
import { operateLegacy } from "../operate/legacy";
import { courseLegacy } from "../course/legacy";
import { materialLegacy } from "../material/legacy";
import { examLegacy } from "../exam/legacy";
import { liveLegacy } from "../live/legacy";
import { messageLegacy } from "../message/legacy";
import { commentLegacy } from "../comment/legacy";
import { questionnaireLegacy } from "../questionnaire/legacy";
import { certLegacy } from "../cert/legacy";
import { pathLegacy } from "../path/legacy";
import { orderLegacy } from "../order/legacy";
import { taskLegacy } from "../task/legacy";
import { checkInLegacy } from "../checkin/legacy";
import { redeemLegacy } from "../redeem/legacy";
import { eventLegacy } from "../event/legacy";
import { groupBuyLegacy } from "../groupbuy/legacy";
import { revenueLegacy } from "../revenue/legacy";
import { ssoLegacy } from "../sso/legacy";
import { TOOL_GET_STATE_CHANGES, toolLegacy } from "../tool/legacy";
import { rankLegacy } from "../rank/legacy";
import { newcomerLegacy } from "../newcomer/legacy";
import { helpLegacy } from "../help/legacy";

/** Rows single sign-on answers in the org domain's place (ssouser reads the directory first). */
const takenBySso = new Set(ssoLegacy.map((r) => `${r.method} ${r.path}`));
const orgRows = orgLegacy.filter((r) => !takenBySso.has(`${r.method} ${r.path}`));

/** Every domain's rows, merged. A new domain adds its import here. */
export const legacyTable: LegacyRow[] = [...authLegacy, ...siteLegacy, ...orgRows, ...oauthLegacy, ...uploadLegacy, ...identityLegacy, ...operateLegacy, ...courseLegacy, ...materialLegacy, ...examLegacy, ...liveLegacy, ...messageLegacy, ...commentLegacy, ...questionnaireLegacy, ...certLegacy, ...pathLegacy, ...taskLegacy, ...checkInLegacy, ...orderLegacy, ...redeemLegacy, ...groupBuyLegacy, ...revenueLegacy, ...ssoLegacy, ...eventLegacy, ...toolLegacy, ...rankLegacy, ...newcomerLegacy, ...helpLegacy];

interface Compiled {
  row: LegacyRow;
  pattern: RegExp | null;
  names: string[];
}

function compile(rows: LegacyRow[]) {
  const exact = new Map<string, LegacyRow>();
  const patterns: Compiled[] = [];
  for (const row of rows) {
    const key = `${row.method} ${row.path}`;
    if (exact.has(key)) throw new Error(`duplicate legacy row: ${key}`);
    if (row.path.includes("{")) {
      const names: string[] = [];
      const src = row.path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{(\w+)\\?\}|\{(\w+)\}/g, (_m, a, b) => {
        names.push(a ?? b);
        return "([^/]+)";
      });
      patterns.push({ row, pattern: new RegExp(`^${src}$`), names });
    } else exact.set(key, row);
  }
  return { exact, patterns };
}

let compiled: ReturnType<typeof compile> | undefined;

export type Match =
  | { kind: "found"; row: LegacyRow; params: Record<string, string> }
  | { kind: "wrong-method"; allowed: LegacyMethod[] }
  | { kind: "bad-path" }
  | { kind: "none" };

export function matchLegacy(method: string, path: string, rows: LegacyRow[] = legacyTable): Match {
  const table = rows === legacyTable ? (compiled ??= compile(rows)) : compile(rows);
  const clean = path.length > 1 ? path.replace(/\/+$/, "") : path;
  const row = table.exact.get(`${method} ${clean}`);
  if (row) return { kind: "found", row, params: {} };
  const allowed: LegacyMethod[] = [];
  for (const m of ["GET", "POST", "PUT", "DELETE"] as const) if (table.exact.has(`${m} ${clean}`)) allowed.push(m);
  for (const c of table.patterns) {
    const hit = c.pattern!.exec(clean);
    if (!hit) continue;
    if (c.row.method === method) {
      const params: Record<string, string> = {};
      try {
        c.names.forEach((n, i) => (params[n] = decodeURIComponent(hit[i + 1]!)));
      } catch {
        return { kind: "bad-path" };
      }
      return { kind: "found", row: c.row, params };
    }
    allowed.push(c.row.method);
  }
  return allowed.length ? { kind: "wrong-method", allowed } : { kind: "none" };
}

/**
 * The catalogue's GET calls whose procedure changes state. A GET never runs a mutation (a cross-site link
 * carries the learner's SameSite=Lax cookies on a top-level GET); each of these says what GET does instead.
 * "run": the mutation runs anyway, because old clients can only reach it by GET and a forged link gains
 * nothing. A function: the answer GET gives, changing nothing.
 */
export const GET_STATE_CHANGES: Record<string, "run" | LegacyRow["call"]> = {
  // An <img> loads these; a forged link only gives the visitor a new challenge of their own.
  "/api/login/captcha": "run",
  "/api/elearning/caiyun/front/user/register/captcha": "run",
  "/api/elearning/caiyun/front/user/imgCode": "run",
  // Old clients navigate to it; a forged link can only sign the learner out.
  "/api/login/logout": "run",
  // Single sign-on: starting only stores a state for this browser; the callback logs in only the browser
  // whose state cookie matches, so a forged link cannot log anyone in.
  "/api/login/caiyun/sso": "run",
  "/api/login/caiyun/sso/callback": "run",
  // Face login: only the browser holding the ticket's cookie can finish it, so a forged link logs no one in.
  "/api/event/hunan/face/login/finish": "run",
  // Old pages count a channel visit on load; a forged link can only count one visit of its own visitor.
  "/api/elearning/caiyun/front/channel/promote": "run",
  // Spends the SMS code sent to the learner's phone, which a forged link cannot know.
  "/api/elearning/caiyun/front/user/checkModifyPhoneCode": "run",
  // Watch time is counted by the server from the room's presence; the old client's GET is only acknowledged.
  "/api/elearning/front/live/leave": async () => ({ success: true }),
  // Replies are marked read by POST caiyun/front/comment/readReply; GET answers the count and leaves them unread.
  "/api/elearning/front/comment/message/readReplyMessage": async (c) => {
    const { count } = await c.comment.unreadCount();
    return { count: 0, unReadCount: count };
  },
  // The back office's diagnostic tools (trpc/tool/legacy.ts).
  ...TOOL_GET_STATE_CHANGES,
};
