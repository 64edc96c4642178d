import { randomUUID } from "node:crypto";
import { and, asc, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { liveCaptions, lives } from "@db/schema";
import { fail } from "@base/errors";
import { publishLive } from "./events";
import { playableLiveUrl } from "./hls.service";
import { findLive, findWatchableLive, watchableLive, type Live } from "./room.service";

type Caption = typeof liveCaptions.$inferSelect;
export interface SentenceInput {
  sentenceId: string;
  text: string;
  beginTime: number;
  endTime?: number;
}

/** A sentence shown for this long when its end is not known (an operator's typed line). */
export const HUMAN_LINE_MS = 4000;

export const captionView = (c: Caption) => ({ sentenceId: c.sentenceId, text: c.text, beginTime: c.beginMs, endTime: c.endMs, source: c.source });

/**
 * Stores finished sentences of a live and sends the new ones to the room as asr_sentence frames.
 * A sentence id already stored is skipped, so an engine may retry a batch.
 */
export async function ingestSentences(db: DbOrTx, liveId: number, sentences: SentenceInput[], source: "asr" | "human" = "asr") {
  const live = await findLive(db, { liveId }, { admin: true });
  // Tail sentences may arrive just after the stop; only a live not yet started refuses them.
  if (live.liveStatus === 0) throw fail("直播尚未开始，不能推送字幕");
  const seen = new Set<string>();
  const fresh = sentences.filter((s) => !seen.has(s.sentenceId) && seen.add(s.sentenceId));
  const rows = fresh.length
    ? await db
        .insert(liveCaptions)
        .values(fresh.map((s) => ({ liveId, sentenceId: s.sentenceId, text: s.text, beginMs: s.beginTime, endMs: Math.max(s.endTime ?? s.beginTime + HUMAN_LINE_MS, s.beginTime), source })))
        .onConflictDoNothing()
        .returning()
    : [];
  rows.sort((a, b) => a.beginMs - b.beginMs);
  for (const r of rows) await publishLive(liveId, "asr_sentence", captionView(r));
  return { received: sentences.length, saved: rows.length };
}

/** An operator's typed line: timed from when the broadcast started. */
export async function typeCaption(db: DbOrTx, liveId: number, text: string, clientId?: string) {
  const live = await findLive(db, { liveId }, { admin: true });
  const begin = Math.max(0, Date.now() - (live.startedAt ?? live.startTime).getTime());
  const r = await ingestSentences(db, liveId, [{ sentenceId: clientId ? `human-${clientId}` : `human-${randomUUID()}`, text, beginTime: begin, endTime: begin + HUMAN_LINE_MS }], "human");
  return { ...r, beginTime: begin };
}

/** The latest sentences, for a viewer who joins while captions run. */
export async function recentCaptions(db: DbOrTx, liveId: number, limit = 3) {
  const rows = await db.select().from(liveCaptions).where(eq(liveCaptions.liveId, liveId)).orderBy(desc(liveCaptions.beginMs), desc(liveCaptions.id)).limit(limit);
  return rows.reverse().map(captionView);
}

// What is said in a room is read by whoever may watch it, the rule that lets them join its socket:
// others are refused with its code (281, 102, 106). A live learners cannot see has no captions (recent)
// or is the 404 it always was (the file).

/** recentCaptions for a learner (userId) or a visitor (null). */
export async function roomCaptions(db: DbOrTx, liveId: number, userId: number | null) {
  return (await watchableLive(db, liveId, userId)) ? recentCaptions(db, liveId) : [];
}

/**
 * captionsVtt for a learner (userId) or a visitor (null). The refusal goes to the caller as a code;
 * the subtitle file route (app/routes/live.subtitles.$liveId.ts) turns it into its empty track.
 */
export async function roomCaptionsVtt(db: DbOrTx, liveId: number, userId: number | null) {
  return captionsVtt(db, (await findWatchableLive(db, { liveId }, userId)).id);
}

const stamp = (ms: number) => {
  const h = Math.floor(ms / 3600e3);
  const m = Math.floor((ms % 3600e3) / 60e3);
  const s = Math.floor((ms % 60e3) / 1e3);
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
};
const cueText = (t: string) => t.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/-->/g, "--&gt;").replace(/\s*\n\s*/g, " ");

/** Stored captions as WebVTT for the replay player; null when the live has none. */
export async function captionsVtt(db: DbOrTx, liveId: number): Promise<string | null> {
  const rows = await db.select().from(liveCaptions).where(eq(liveCaptions.liveId, liveId)).orderBy(asc(liveCaptions.beginMs), asc(liveCaptions.id)).limit(20_000);
  if (!rows.length) return null;
  const cues = rows.map((r, i) => {
    // A cue ends where the next one begins, so lines do not pile up.
    const next = rows[i + 1];
    const end = Math.max(r.beginMs + 500, next ? Math.min(r.endMs, next.beginMs) : r.endMs);
    return `${i + 1}\n${stamp(r.beginMs)} --> ${stamp(end)}\n${cueText(r.text)}`;
  });
  return `WEBVTT\n\n${cues.join("\n\n")}\n`;
}

/** Has this live stored captions? The replay then offers them. */
export async function hasCaptions(db: DbOrTx, liveId: number) {
  const [r] = await db.select({ id: liveCaptions.id }).from(liveCaptions).where(and(eq(liveCaptions.liveId, liveId))).limit(1);
  return !!r;
}

/** The subtitle change: switch captions on or off in the room (and keep the replay file address). */
export async function setCaptionsOpen(db: DbOrTx, live: Live, on: boolean) {
  const [l] = await db.update(lives).set({ isOpenSubtitle: on ? 1 : 0 }).where(eq(lives.id, live.id)).returning();
  await publishLive(live.id, "subtitle", { isOpenSubtitle: l!.isOpenSubtitle, subtitleUrl: playableLiveUrl(l!.subtitleUrl) });
  return { id: live.id, isOpenSubtitle: l!.isOpenSubtitle, subtitleUrl: l!.subtitleUrl ?? "" };
}
