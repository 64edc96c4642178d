import { useLocation, useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { LegacyCode } from "@base/errors";
import { BUSINESS_TYPE } from "@base/real-name";
import { useRealNameGate } from "~/components/identity/real-name-modal";
import { Dialog, DialogContent, DialogTitle } from "~/components/ui/dialog";
import { handleApiError } from "~/lib/api-errors";
import { formatCount, formatDateTime, formatMoney } from "@base/format";
import { openLoginDialog } from "~/lib/login-dialog";
import { trpc } from "~/lib/trpc";
import { ChatPanel } from "./chat-panel";
import { Countdown } from "./countdown";
import { LivePlayer } from "./live-player";
import { BuyPrompt } from "./buy-prompt";
import { ReplayPrompt } from "./replay-prompt";
import { WatchRefused } from "./watch-refused";
import type { RoomData } from "./room-loader.server";
import { QuestionnaireCard, type RoomQuestionnaire } from "./questionnaire-card";
import { SeriesCarousel, type SeriesItem } from "./series-carousel";
import { GoodsPanel, NoticeBar, RafflePanel, SignPanel, type GoodsItem, type RaffleInfo, type SignInfo } from "./side-panels";
import { useLiveRoom, type RoomEvent } from "./use-live-room";

const WATCH_REPORT_MS = 60_000;
/** A caption line stays up this long unless the next one replaces it. */
const CAPTION_HOLD_MS = 8_000;

/** The live room: countdown, stream, pause, replay, chat and the panels the host drives. */
export function LiveRoom({ data }: { data: RoomData }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [info, setInfo] = useState(data.info);
  const [notice, setNotice] = useState(data.notice.content);
  const [goods, setGoods] = useState<GoodsItem[]>(data.goods);
  const [raffle, setRaffle] = useState<RaffleInfo | null>(data.raffle as RaffleInfo | null);
  const [sign, setSign] = useState<SignInfo | null>(data.sign as SignInfo);
  const [signed, setSigned] = useState(data.signed);
  const [seriesSub, setSeriesSub] = useState(data.seriesSubscribed);
  const [busy, setBusy] = useState(false);
  const [replayOpen, setReplayOpen] = useState(info.liveStatus === 2 && info.isPlayback === 1 && !!info.playbackUrl);
  const [replayDone, setReplayDone] = useState(false);
  const [playSignal, setPlaySignal] = useState(0);
  const [stopSignal, setStopSignal] = useState(0);
  const [questionnaire, setQuestionnaire] = useState<RoomQuestionnaire | null>(data.questionnaire);
  const [questionnairePopup, setQuestionnairePopup] = useState(false);
  const [caption, setCaption] = useState("");
  const captionTimer = useRef<ReturnType<typeof setTimeout>>();
  const me = data.me;
  const realName = useRealNameGate();

  useEffect(() => {
    setInfo(data.info);
    setNotice(data.notice.content);
    setGoods(data.goods);
    setRaffle(data.raffle as RaffleInfo | null);
    setSign(data.sign as SignInfo);
    setSigned(data.signed);
    setSeriesSub(data.seriesSubscribed);
    setQuestionnaire(data.questionnaire);
    setReplayOpen(data.info.liveStatus === 2 && data.info.isPlayback === 1 && !!data.info.playbackUrl);
  }, [data]);

  const onEvent = useCallback((e: RoomEvent) => {
    const d = e.data;
    if (e.type === "notice") setNotice(String(d.content ?? ""));
    else if (e.type === "goods") setGoods((d.list as GoodsItem[]) ?? []);
    else if (e.type === "pause") setInfo((i) => ({ ...i, isPause: Number(d.isPause) }));
    else if (e.type === "live_start") {
      setInfo((i) => ({ ...i, ...(d as object), liveStatus: 1, isPause: 0 }));
      setPlaySignal((n) => n + 1);
    } else if (e.type === "live_stop") {
      setInfo((i) => ({ ...i, ...(d as object), liveStatus: 2 }));
      setStopSignal((n) => n + 1);
    } else if (e.type === "live_info") setInfo((i) => ({ ...i, ...(d as object) }));
    else if (e.type === "subtitle") setInfo((i) => ({ ...i, isOpenSubtitle: Number(d.isOpenSubtitle), subtitleUrl: String(d.subtitleUrl ?? "") }));
    else if (e.type === "raffle_start") setRaffle({ ...(d as unknown as RaffleInfo), isJoin: 0 });
    else if (e.type === "raffle_result") {
      setRaffle(d as unknown as RaffleInfo);
      toast.info("抽奖已开奖");
    } else if (e.type === "sign_start") {
      setSign({ signId: Number(d.signId), isSign: 1, endTime: Number(d.endTime) });
      setSigned(false);
    } else if (e.type === "sign_end") setSign((s) => (s ? { ...s, isSign: 0 } : s));
    else if (e.type === "mute_user" && me && Number(d.userId) === me.userId) toast.warning("您已被禁言");
    else if (e.type === "asr_sentence" && typeof d.text === "string") {
      setCaption(d.text);
      clearTimeout(captionTimer.current);
      captionTimer.current = setTimeout(() => setCaption(""), CAPTION_HOLD_MS);
    } else if (e.type === "questionnaire") {
      if (d.closed || typeof d.url !== "string") {
        setQuestionnaire(null);
        setQuestionnairePopup(false);
      } else {
        setQuestionnaire({ title: String(d.title ?? ""), url: d.url, pushedAt: Number(d.pushedAt ?? Date.now()) });
        // A pushed questionnaire invites; the bound one coming back after a withdrawal just shows its card.
        setQuestionnairePopup(d.source !== "bound");
      }
    }
  }, [me]);
  useEffect(() => () => clearTimeout(captionTimer.current), []);

  // Visitors join too: they are counted online and read the chat; speaking asks them to log in.
  // A sold live the viewer has not bought shows its price instead of the stream, and opens no socket;
  // so does a live the viewer may not watch (data.refused), showing why unless buying would let them in.
  const locked = info.isBuy === 0 || !!data.refused;
  const barred = data.refused && (data.refused.code === LegacyCode.noOpenPermission || info.isBuy === 1) ? data.refused : null;
  const room = useLiveRoom(info.id, !locked, data.messages, onEvent);

  // Entry is recorded once per visit; a replay's watch time is reported each minute and on leaving.
  const entered = useRef(0);
  useEffect(() => {
    if (!me || info.liveStatus === 0 || locked) return;
    if (entered.current !== info.id) {
      entered.current = info.id;
      // Watching is not refused (the stream is not per learner), but a live that asks for real name says so.
      realName.ensure(BUSINESS_TYPE.live, info.id).catch(() => {});
      trpc.live.entry.mutate({ liveId: info.id }).catch((e) => handleApiError(e));
    }
    // On air the server measures watch time from the room's socket; only a replay reports it.
    if (info.liveStatus !== 2) return;
    // The server credits at most its own time since the previous report; leaving reports the minute's rest.
    let reportedAt = Date.now();
    const t = setInterval(() => {
      reportedAt = Date.now();
      trpc.live.record.mutate({ liveId: info.id, watchSeconds: WATCH_REPORT_MS / 1000, isPlayback: 1 }).catch(() => {});
    }, WATCH_REPORT_MS);
    const leave = () =>
      navigator.sendBeacon?.("/api/elearning/front/live/leave", new URLSearchParams({ liveId: String(info.id), watchSeconds: String(Math.round((Date.now() - reportedAt) / 1000)), isPlayback: "1" }));
    window.addEventListener("pagehide", leave);
    return () => {
      clearInterval(t);
      window.removeEventListener("pagehide", leave);
    };
  }, [me, info.id, info.liveStatus, locked]);

  const guard = async (work: () => Promise<unknown>) => {
    if (!me) return openLoginDialog();
    setBusy(true);
    try {
      await work();
    } catch (e) {
      handleApiError(e);
    } finally {
      setBusy(false);
    }
  };

  const reserve = () =>
    guard(async () => {
      if (!(await realName.ensure(BUSINESS_TYPE.live, info.id))) return;
      await trpc.live.appointment.mutate({ liveId: info.id });
      setInfo((i) => ({ ...i, isAppointment: 1 }));
      toast.success("预约成功，开播前将提醒您");
    });
  const subscribeReplay = () =>
    guard(async () => {
      await trpc.live.playbackSubscribe.mutate({ liveId: info.id });
      setInfo((i) => ({ ...i, isSubscribePlayback: 1 }));
      setReplayDone(true);
    });
  const joinRaffle = () =>
    guard(async () => {
      if (!raffle) return;
      await trpc.live.joinRaffle.mutate({ raffleId: raffle.id });
      setRaffle({ ...raffle, isJoin: 1 });
      toast.success("参与成功，等待开奖");
    });
  const doSign = () =>
    guard(async () => {
      await trpc.live.sign.mutate({ liveId: info.id });
      setSigned(true);
      toast.success("签到成功");
    });
  const seriesToggle = (on: boolean) =>
    guard(async () => {
      if (!data.series) return;
      if (on) await trpc.live.seriesSubscribe.mutate({ liveSeriesId: data.series.liveSeriesId });
      else await trpc.live.seriesUnsubscribe.mutate({ liveSeriesId: data.series.liveSeriesId });
      setSeriesSub(on);
      toast.success(on ? "订阅成功" : "已取消订阅");
    });
  const pick = (item: SeriesItem) => {
    if (data.mode === "series") {
      const q = new URLSearchParams(location.search);
      q.set("selectedLiveId", String(item.id));
      q.delete("roomId");
      navigate(`/live/series?${q}`);
    } else navigate(`/live/detail?roomId=${item.roomId}`);
  };
  const clickGoods = (g: GoodsItem) => {
    trpc.live.goodsClick.mutate({ goodsId: g.goodsId }).catch(() => {});
    if (g.linkUrl) window.open(g.linkUrl, "_blank", "noopener");
  };
  const send = (content: string) => {
    room.clearRefusal();
    return room.send({ type: "comment", content });
  };

  /** The room's addresses signed again (a page open past their 12 hours); the player gets its own back. */
  const renewLinks = (field: "m3u8PlayURL" | "playbackUrl") => async () => {
    const fresh = await trpc.live.info.query({ liveId: info.id });
    setInfo((i) => ({ ...i, m3u8PlayURL: fresh.m3u8PlayURL, playbackUrl: fresh.playbackUrl, subtitleUrl: fresh.subtitleUrl }));
    return fresh[field];
  };

  const stage = () => {
    if (barred) return <WatchRefused cover={info.liveCoverUrl} refusal={barred} onLogin={() => openLoginDialog()} />;
    if (locked) return <BuyPrompt cover={info.liveCoverUrl} price={info.realPrice} scribingPrice={info.scribingPrice} loggedIn={!!me} onBuy={() => (me ? navigate(`/order?goodsType=2&goodsId=${info.id}`) : openLoginDialog())} />;
    if (info.liveStatus === 0) return <Countdown startTime={info.startTime} cover={info.liveCoverUrl} isAppointment={info.isAppointment} busy={busy} onReserve={reserve} />;
    if (info.liveStatus === 1)
      return <LivePlayer key={`live-${info.id}`} src={info.m3u8PlayURL} paused={info.isPause === 1} subtitleUrl={info.subtitleUrl || undefined} subtitlesOn={info.isOpenSubtitle === 1} captionsLive={info.isOpenSubtitle === 1 || !!caption} caption={caption} playSignal={playSignal} stopSignal={stopSignal} loop label={info.name} renew={renewLinks("m3u8PlayURL")} />;
    // Without a subtitle file of its own, the replay shows the captions stored during the broadcast.
    if (replayOpen) return <LivePlayer key={`replay-${info.id}`} replay src={info.playbackUrl} paused={false} subtitleUrl={info.subtitleUrl || (data.captions.length ? `/live/subtitles/${info.id}` : undefined)} subtitlesOn={info.isOpenSubtitle === 1} label={`${info.name} 回放`} renew={renewLinks("playbackUrl")} />;
    return <ReplayPrompt cover={info.liveCoverUrl} hasReplay={info.isPlayback === 1 && !!info.playbackUrl} subscribed={info.isSubscribePlayback === 1} busy={busy} onWatch={() => setReplayOpen(true)} onSubscribe={subscribeReplay} />;
  };

  return (
    <div className="mx-auto max-w-[1200px] space-y-4 px-4 py-6">
      <div className="flex flex-wrap items-end gap-3">
        <h1 className="text-xl font-semibold text-[#1d2129]">{info.name}</h1>
        <span className="text-sm text-muted">主讲：{info.teacherName}</span>
        <span className="text-sm text-muted">{formatDateTime(info.startTime)}</span>
        <span className="text-sm text-muted">{formatCount(info.likeCount + room.likes)} 人点赞</span>
        {info.isFree === 0 && (
          <span className="rounded bg-[#fff3e8] px-2 py-0.5 text-xs text-[#ff7d00]" data-testid="live-price-tag">
            {info.isBuy ? "已购买" : `付费直播 ¥${formatMoney(info.realPrice)}`}
          </span>
        )}
      </div>
      <NoticeBar content={notice} />
      <div className="grid gap-4 lg:grid-cols-[1fr_340px]">
        <div className="space-y-4">
          <div className="overflow-hidden rounded-lg">{stage()}</div>
          <QuestionnaireCard questionnaire={questionnaire} popup={questionnairePopup} onPopupChange={setQuestionnairePopup} />
          <SignPanel sign={sign} signed={signed} onSign={doSign} />
          <RafflePanel raffle={raffle} myId={me?.userId ?? null} onJoin={joinRaffle} />
          {info.introduction && (
            <section className="rounded-lg bg-white p-4">
              <h2 className="mb-2 text-base font-semibold">直播简介</h2>
              <p className="whitespace-pre-line text-sm leading-6 text-[#4e5969]">{info.introduction}</p>
            </section>
          )}
        </div>
        <div className="space-y-4">
          <ChatPanel comments={room.comments} likeTotal={info.likeCount + room.likes} online={room.online} canSend={room.connected} loggedIn={!!me} refusal={room.refusal} dropped={room.dropped} closedHint={locked ? (barred?.message ?? "购买后即可参与互动") : undefined} onSend={send} onLike={() => room.send({ type: "like", count: 1 })} onLogin={() => openLoginDialog()} />
          <GoodsPanel goods={goods} onClick={clickGoods} />
        </div>
      </div>
      {data.series && <SeriesCarousel info={data.series} currentLiveId={info.id} subscribed={seriesSub} onSubscribe={() => seriesToggle(true)} onUnsubscribe={() => seriesToggle(false)} onPick={pick} />}
      <Dialog open={replayDone} onOpenChange={setReplayDone}>
        <DialogContent className="max-w-sm text-center">
          <DialogTitle>回放预约成功</DialogTitle>
          <p className="text-sm text-muted">回放生成后将第一时间通知您</p>
        </DialogContent>
      </Dialog>
      {realName.modal}
    </div>
  );
}
