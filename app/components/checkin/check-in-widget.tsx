import { useCallback, useEffect, useRef, useState } from "react";
import { useSearchParams } from "@remix-run/react";
import { isLoggedIn, useRootData } from "~/components/layout/shell-types";
import { trpc } from "~/lib/trpc";
import { cn } from "~/lib/utils";
import { CheckInDialog, mmss, type CheckInInfo, type MedalVO } from "./check-in-dialog";
import { MedalAwardDialog } from "./medal-award-dialog";
import { MedalImage } from "./medal-image";

/** After a countdown ran out before the server had the minute (reports lag a few seconds), ask again this much later. */
const RETRY_SECONDS = 10;

/** The local-storage key that remembers the day the detail dialog opened by itself for a user and a map. */
export const dialogShownKey = (userId: number, mapId: number) => `checkin-dialog:${userId}:${mapId}`;

export interface CheckInWidgetProps {
  /** The learning map (check-in business type 4). */
  businessId: number;
  /** The signed-in learner; null for a visitor, who sees nothing. */
  userId: number | null;
  /** Open the detail dialog by itself once a day (the map page); content pages leave the player uncovered. */
  autoOpen?: boolean;
  /** 去学习/继续学习: after the dialog closes (the map page may scroll to its nodes). */
  onStudy?: () => void;
}

/**
 * The floating check-in widget on the right of map and content pages: 打卡领勋章 with today's countdown,
 * or 今日已打卡. At zero it asks for a medal award (getCheckinPopUp) and reads the info again. A map
 * without a campaign (or a visitor) shows nothing.
 */
export function CheckInWidget({ businessId, userId, autoOpen = true, onStudy }: CheckInWidgetProps) {
  const nick = useRootData()?.user.nick ?? "";
  const [info, setInfo] = useState<CheckInInfo | null>(null);
  const [left, setLeft] = useState(0);
  const [detailOpen, setDetailOpen] = useState(false);
  const [shown, setShown] = useState<{ medals: MedalVO[]; mode: "award" | "share" } | null>(null);
  const asking = useRef(false);
  const autoOpened = useRef(false);
  const valid = userId !== null && Number.isInteger(businessId) && businessId > 0;

  const load = useCallback(
    async (minimum = 0) => {
      try {
        const next = await trpc.checkIn.getCheckInWidget.query({ businessType: 4, businessId });
        setInfo(next);
        const running = next.isStart === 1 && next.isExpired === 0 && next.isTodayCheckIn === 0;
        setLeft(running ? Math.max(next.countDown, minimum) : 0);
        if (next.newMedalVO.length) setShown({ medals: next.newMedalVO, mode: "award" });
        return next;
      } catch {
        // No campaign on this map (or it is gone): the widget hides itself.
        setInfo(null);
        return null;
      }
    },
    [businessId],
  );

  useEffect(() => {
    setInfo(null);
    autoOpened.current = false;
    if (valid) void load();
  }, [valid, load]);

  // The detail dialog opens by itself once per user, map and China-time day.
  useEffect(() => {
    if (!info || !autoOpen || userId === null || autoOpened.current) return;
    autoOpened.current = true;
    try {
      const key = dialogShownKey(userId, businessId);
      if (localStorage.getItem(key) === info.today) return;
      localStorage.setItem(key, info.today);
      setDetailOpen(true);
    } catch {
      // Storage refused (private mode): no automatic opening.
    }
  }, [info, autoOpen, userId, businessId]);

  const counting = !!info && info.isStart === 1 && info.isExpired === 0 && info.isTodayCheckIn === 0;
  useEffect(() => {
    if (!counting || left <= 0) return;
    const t = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(t);
  }, [counting, left]);

  // At zero: a medal award may be due (the pop-up shows once), then the info again.
  useEffect(() => {
    if (!counting || left > 0 || asking.current) return;
    asking.current = true;
    void (async () => {
      try {
        const popUp = await trpc.checkIn.getCheckinPopUp.mutate({ businessType: 4, businessId });
        if (popUp.isPopUp) setShown({ medals: popUp.medalVO, mode: "award" });
      } catch {
        // The info read below says what to show.
      }
      await load(RETRY_SECONDS);
      asking.current = false;
    })();
  }, [counting, left, businessId, load]);

  if (!valid || !info) return null;
  const best = info.medalVO.filter((m) => m.isGet).reduce<MedalVO | null>((a, m) => (!a || m.medalType > a.medalType ? m : a), null);
  const signed = info.isTodayCheckIn === 1;
  return (
    <>
      <button
        type="button"
        onClick={() => setDetailOpen(true)}
        data-testid="checkin-widget"
        className="fixed right-4 top-[38%] z-40 flex w-[96px] flex-col items-center rounded-xl bg-white px-2 pb-2.5 pt-2 shadow-[0_4px_16px_rgba(0,0,0,0.12)] ring-1 ring-primary-100 transition hover:-translate-y-0.5 hover:shadow-[0_6px_20px_rgba(0,107,253,0.25)]"
      >
        <MedalImage medalType={best?.medalType ?? 1} earned={!!best} size={52} />
        <span className={cn("mt-1 text-[13px] font-semibold", signed ? "text-[#00b42a]" : "text-primary")} data-testid="checkin-label">
          {signed ? "今日已打卡" : "打卡领勋章"}
        </span>
        {counting && left > 0 ? (
          <span className="mt-0.5 rounded-full bg-primary-50 px-2 text-xs tabular-nums text-primary" data-testid="checkin-countdown" aria-label={`还需学习${left}秒`}>
            {mmss(left)}
          </span>
        ) : (
          <span className="mt-0.5 text-xs text-muted">{info.isExpired ? "活动已结束" : !info.isStart ? `${info.checkInStartDate.slice(5)}开始` : `连续${info.continuousDays}天`}</span>
        )}
      </button>
      <CheckInDialog
        info={info}
        left={left}
        open={detailOpen}
        onOpenChange={setDetailOpen}
        onShare={(m) => {
          setDetailOpen(false);
          setShown({ medals: [m], mode: "share" });
        }}
        onStudy={() => {
          setDetailOpen(false);
          onStudy?.();
        }}
      />
      <MedalAwardDialog medals={shown?.medals ?? null} mode={shown?.mode ?? "award"} nick={nick} onClose={() => setShown(null)} />
    </>
  );
}

/** On a content page opened from a map (…&learningPathId=<map>): the map's widget, without opening by itself. */
export function PathCheckInWidget() {
  const [params] = useSearchParams();
  const user = useRootData()?.user;
  const mapId = Number(params.get("learningPathId"));
  if (!Number.isInteger(mapId) || mapId <= 0 || !isLoggedIn(user)) return null;
  return <CheckInWidget businessId={mapId} userId={user.userId} autoOpen={false} />;
}
