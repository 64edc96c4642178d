import type { DbOrTx } from "@db/client";
import { settleMapsWithContent, settleMapsWithContentAll } from "./path.service";

/**
 * Called in the transaction that records a completion (a course's first completion, an exam passed):
 * the learner's maps holding that content are settled, so the last node completes the map and issues
 * its certificate in the same transaction. Lives and links settle when the map is next opened.
 */
export async function onPathContentCompleted(tx: DbOrTx, userId: number, contentType: number, contentId: number) {
  await settleMapsWithContent(tx, userId, contentType, contentId);
}

/** Several learners completed one content in one transaction (a turn's exam submits). */
export async function onPathContentCompletedAll(tx: DbOrTx, userIds: number[], contentType: number, contentId: number) {
  await settleMapsWithContentAll(tx, userIds, contentType, contentId);
}
