import { data, redirect } from "@remix-run/node";
import { legacyCodeOf } from "@base/errors";
import { WATCH_REFUSALS } from "@trpc-app/live/room.service";
import { XINREN_CHANNEL, XINREN_SERIES_CHANNEL } from "@trpc-app/live/series.service";
import { serverCaller } from "~/lib/caller.server";

/** Why the viewer may not watch, as the room's reads refused it (281 log in, 102 outside the range, 106 not bought). */
export type WatchRefusal = { code: string; message: string };

/** Everything the live room page shows at first paint; detail and series share it. */
export async function loadRoom(request: Request, mode: "detail" | "series") {
  const url = new URL(request.url);
  const q = url.searchParams;
  const { caller, ctx } = await serverCaller(request);
  const selected = Number(q.get("selectedLiveId")) || undefined;
  const roomId = q.get("roomId") ?? undefined;
  const seriesParam = Number(q.get("liveSeriesId")) || undefined;
  let ref: { roomId?: string; liveId?: number } | null = selected ? { liveId: selected } : roomId ? { roomId } : null;
  if (!ref && mode === "series" && seriesParam) {
    const s = await caller.live.series({ liveSeriesId: seriesParam }).catch(() => null);
    if (s?.selectedLiveId) ref = { liveId: s.selectedLiveId };
  }
  if (!ref) throw data("直播不存在或已下线", { status: 404 });
  let info;
  try {
    info = await caller.live.info(ref as never);
  } catch (e) {
    if (legacyCodeOf(e) === "404" || legacyCodeOf(e) === "400") throw data("直播不存在或已下线", { status: 404 });
    throw e;
  }
  // A live of the newcomer channel opens in the series page (learner-front-end.md 2).
  if (mode === "detail" && info.channelCode === XINREN_CHANNEL) throw redirect(`/live/series?roomId=${info.roomId}&channel=${XINREN_SERIES_CHANNEL}`);
  const loggedIn = !!ctx.user;
  // A viewer who may not watch still gets the room page, with why, but without what is said and shown in
  // it: each read the watch rule refuses answers empty (the socket is refused too); other failures stand.
  let refused: WatchRefusal | null = null;
  const unlessRefused =
    <T>(empty: T) =>
    (e: unknown): T => {
      const code = legacyCodeOf(e);
      if (!WATCH_REFUSALS.includes(code)) throw e;
      refused = { code, message: e instanceof Error ? e.message : "" };
      return empty;
    };
  const [series, notice, goods, messages, raffle, sign, signUser, seriesSub, questionnaire, captions] = await Promise.all([
    info.seriesId || seriesParam ? caller.live.series({ liveId: info.id }).catch(() => null) : Promise.resolve(null),
    caller.live.notice({ liveId: info.id }).catch(unlessRefused({ liveId: info.id, content: "", publishTime: null as number | null })),
    caller.live.goods({ liveId: info.id }).catch(unlessRefused([])),
    caller.live.messages({ liveId: info.id, pageSize: 50 }).catch(unlessRefused([])),
    caller.live.raffling({ liveId: info.id }).catch(unlessRefused(null)),
    caller.live.signStatus({ liveId: info.id }),
    loggedIn ? caller.live.signUserInfo({ liveId: info.id }) : Promise.resolve(null),
    loggedIn && info.seriesId ? caller.live.seriesStatus({ liveSeriesId: info.seriesId }) : Promise.resolve({ isSubscribe: 0 }),
    caller.live.questionnaire({ liveId: info.id }).catch(unlessRefused(null)),
    info.liveStatus === 0 ? Promise.resolve([]) : caller.live.captions({ liveId: info.id }).catch(unlessRefused([])),
  ]);
  return {
    mode,
    info,
    series,
    notice,
    goods,
    messages,
    raffle,
    // Signing in is for viewers: one who may not watch is not asked to.
    sign: refused ? null : sign,
    signed: signUser?.isUserSign === 1,
    seriesSubscribed: seriesSub.isSubscribe === 1,
    questionnaire,
    captions,
    refused: refused as WatchRefusal | null,
    me: ctx.user ? { userId: ctx.user.id, nick: ctx.user.nick } : null,
  };
}
export type RoomData = Awaited<ReturnType<typeof loadRoom>>;
