/**
 * Whether a live-room comment is refused. The app answers the rule set (`live.service.rules`); the
 * realtime process caches it per room and applies `commentRefusal` to each comment without a round
 * trip, and the app applies the same function to its own checks, so the two never disagree.
 */

export const ALL_MUTED_REFUSED = "直播间已开启全员禁言";
export const MUTED_REFUSED = "您已被禁言";
export const SENSITIVE_REFUSED = "消息包含敏感词，发送失败";

/** The rule set as the app sends it. */
export interface LiveRoomRules {
  muteAll: number;
  mutedUserIds: number[];
  words: string[];
}

/** The rule set ready to apply: muted learners as a set, so a check is constant time in a large room. */
export interface CommentRules {
  muteAll: number;
  muted: Set<number>;
  words: string[];
}

export const commentRulesOf = (r: LiveRoomRules): CommentRules => ({ muteAll: r.muteAll, muted: new Set(r.mutedUserIds), words: r.words });

/** The first listed word found in the text, case-insensitive, or null. */
export function findSensitive(words: readonly string[], content: string): string | null {
  const text = content.toLowerCase();
  return words.find((w) => w && text.includes(w.toLowerCase())) ?? null;
}

/** Why this user may not post this comment, or null: room muted first, then the user, then the words. */
export function commentRefusal(rules: CommentRules, userId: number, content: string): string | null {
  if (rules.muteAll) return ALL_MUTED_REFUSED;
  if (rules.muted.has(userId)) return MUTED_REFUSED;
  return findSensitive(rules.words, content) ? SENSITIVE_REFUSED : null;
}
