import { eq } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { lives, type LiveQuestionnaire } from "@db/schema";
import { publishLive } from "./events";
import { findLive } from "./room.service";

// Questionnaires themselves are not built yet: the console pushes a title and a link, kept on the live.

/** The questionnaire hook: what the room shows now, for viewers who join late; null when none. */
export async function currentQuestionnaire(db: DbOrTx, liveId: number, opts: { admin?: boolean } = {}): Promise<(LiveQuestionnaire & { liveId: number }) | null> {
  const live = await findLive(db, { liveId }, opts);
  return live.questionnaire ? { liveId: live.id, ...live.questionnaire } : null;
}

export async function pushQuestionnaire(db: DbOrTx, liveId: number, title: string, url: string) {
  await findLive(db, { liveId }, { admin: true });
  const questionnaire: LiveQuestionnaire = { title, url, pushedAt: Date.now() };
  await db.update(lives).set({ questionnaire }).where(eq(lives.id, liveId));
  await publishLive(liveId, "questionnaire", { liveId, ...questionnaire });
  return { liveId, ...questionnaire };
}

/** Takes the questionnaire out of the room; the frame without a url tells viewers to close the card. */
export async function withdrawQuestionnaire(db: DbOrTx, liveId: number) {
  await findLive(db, { liveId }, { admin: true });
  await db.update(lives).set({ questionnaire: null }).where(eq(lives.id, liveId));
  await publishLive(liveId, "questionnaire", { liveId, closed: 1 });
  return { liveId, closed: 1 as const };
}
