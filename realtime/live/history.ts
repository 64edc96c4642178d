import { catchUpPage, catchUpWant, freshReads, widenCatchUp, type CatchUpRun, type CatchUpWant } from "@base/catch-up";
import type { HistoryComment, LiveAppClient } from "./app-client";
import { frame } from "./rooms";

/** Comments a returning viewer gets at most, as the page asked over HTTP before (live.messages pageSize 200). */
export const CATCH_UP_SIZE = 200;

/**
 * The "history" frame of a viewer coming back to a room: the stored comments it missed (decision 040).
 * Viewers of a room asking at once share one call to the app (base/catch-up `freshReads`: each waits for
 * the next call that starts after it asked, so nothing stored before it asked is missed) and each takes
 * its own page from the answer. Viewers of a room mostly come back with the same since (the last comment
 * they all saw), so a frame's text is made once per answer and since, not once per viewer. After a
 * restart under 10,000 viewers that is a few calls a second to the app instead of 10,000 requests.
 */
export function createHistory(client: LiveAppClient) {
  const read = freshReads((liveId: number, want: CatchUpWant) => client.history({ liveId, ...want }), widenCatchUp);
  const texts = new WeakMap<CatchUpRun<HistoryComment>, Map<number, string>>();
  const text = (messages: HistoryComment[], hidden: string[] = []) => JSON.stringify(frame("history", { messages, hidden }));

  return async function missedFrame(liveId: number, since: number): Promise<string> {
    const want = catchUpWant(since, CATCH_UP_SIZE);
    const run = await read(liveId, want);
    const page = catchUpPage(run, since, CATCH_UP_SIZE);
    if (!page) {
      const own = await client.history({ liveId, ...want });
      return text(own.rows, own.hidden);
    }
    let made = texts.get(run);
    if (!made) texts.set(run, (made = new Map()));
    let t = made.get(since);
    if (t === undefined) made.set(since, (t = text(page, run.hidden)));
    return t;
  };
}
