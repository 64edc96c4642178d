import type { DbOrTx } from "@db/client";

/** Filled in by the map service: re-evaluates the learner's maps holding this content. */
export async function onPathContentCompleted(_tx: DbOrTx, _userId: number, _contentType: number, _contentId: number) {}
