import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { QUESTIONNAIRE_BUSINESS, QUESTIONNAIRE_STATUS, lives, questionnaireBindings, questionnaires, type LiveQuestionnaire } from "@db/schema";
import { publishLive } from "./events";
import { findLive, findWatchableLive, type Live } from "./room.service";

// The console pushes a title and a link (a published questionnaire's learner page, or an outside survey),
// kept on the live so viewers who join later see it too. A questionnaire bound to the live in the back
// office (questionnaire binding) shows in the room while nothing is pushed and it is collecting answers.

export type RoomQuestionnaire = LiveQuestionnaire & { liveId: number; source: "pushed" | "bound" };

/** The questionnaire hook: what the room shows now, for viewers who join late; null when none. */
export async function currentQuestionnaire(db: DbOrTx, liveId: number, opts: { admin?: boolean } = {}): Promise<RoomQuestionnaire | null> {
  return questionnaireOf(db, await findLive(db, { liveId }, opts));
}

/** currentQuestionnaire for a learner (userId) or a visitor (null): what the room shows, to whoever may watch it. */
export async function roomQuestionnaire(db: DbOrTx, liveId: number, userId: number | null) {
  return questionnaireOf(db, await findWatchableLive(db, { liveId }, userId));
}

async function questionnaireOf(db: DbOrTx, live: Live): Promise<RoomQuestionnaire | null> {
  if (live.questionnaire) return { liveId: live.id, ...live.questionnaire, source: "pushed" };
  const [bound] = await db
    .select({ id: questionnaires.id, title: questionnaires.title, boundAt: questionnaireBindings.createdAt })
    .from(questionnaireBindings)
    .innerJoin(questionnaires, eq(questionnaires.id, questionnaireBindings.questionnaireId))
    .where(and(eq(questionnaireBindings.businessType, QUESTIONNAIRE_BUSINESS.live), eq(questionnaireBindings.businessId, live.id), eq(questionnaires.status, QUESTIONNAIRE_STATUS.published)));
  return bound ? { liveId: live.id, title: bound.title, url: `/questionnaire?id=${bound.id}`, pushedAt: bound.boundAt.getTime(), source: "bound" } : null;
}

export async function pushQuestionnaire(db: DbOrTx, liveId: number, title: string, url: string) {
  await findLive(db, { liveId }, { admin: true });
  const questionnaire: LiveQuestionnaire = { title, url, pushedAt: Date.now() };
  await db.update(lives).set({ questionnaire }).where(eq(lives.id, liveId));
  await publishLive(liveId, "questionnaire", { liveId, ...questionnaire });
  return { liveId, ...questionnaire, source: "pushed" as const };
}

/**
 * Takes the pushed questionnaire out of the room. Viewers then see the bound one, if any (a frame with
 * source "bound", shown without the invitation pop-up), or close the card (a frame without a url).
 */
export async function withdrawQuestionnaire(db: DbOrTx, liveId: number) {
  await findLive(db, { liveId }, { admin: true });
  await db.update(lives).set({ questionnaire: null }).where(eq(lives.id, liveId));
  await announceBound(db, [liveId]);
  return { liveId, closed: 1 as const };
}

/**
 * Tells the rooms of these lives what their questionnaire card shows now that a binding or a bound
 * questionnaire's status changed (or a push was withdrawn); rooms showing a push are left alone.
 */
export async function announceBound(db: DbOrTx, liveIds: number[]) {
  for (const liveId of liveIds) {
    const current = await currentQuestionnaire(db, liveId, { admin: true }).catch(() => null);
    if (current?.source === "pushed") continue;
    await publishLive(liveId, "questionnaire", current ? { ...current } : { liveId, closed: 1 });
  }
}
