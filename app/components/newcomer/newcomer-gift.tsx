import { Link, useLocation, useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Dialog, DialogContent, DialogTitle } from "~/components/ui/dialog";
import { Button } from "~/components/ui/button";
import { isLoggedIn, useRootData } from "~/components/layout/shell-types";
import { errorMessage, sitePathOfPage, trpc } from "~/lib/trpc";
import { formatMoney } from "@base/format";

type Task = Awaited<ReturnType<typeof trpc.newcomer.task.query>>;
type Award = Awaited<ReturnType<typeof trpc.newcomer.receiveAward.mutate>>;
type Item = Task["recommendContentList"][number];

/** Where the gift popup opens by itself (learner-front-end.md 2). */
const POPUP_PATHS = ["/course/center", "/live/center", "/verify/center", "/person/overview"];
/** Where only the floating widget shows. */
const WIDGET_PATHS = ["/course/detail", "/study/platform", "/live/detail", "/live/series"];
const under = (path: string, list: string[]) => list.some((p) => path === p || path.startsWith(`${p}/`));
export const popupPath = (path: string) => path === "/" || under(path, POPUP_PATHS);
export const widgetPath = (path: string) => popupPath(path) || under(path, WIDGET_PATHS);

/** The two local-storage flags of the spec: the gift popup closed, the receive popup closed without receiving. */
export const GIFT_POPUP_CLOSED = "newcomerGiftPopupClosed";
export const RECEIVE_POPUP_CLOSED = "newcomerReceivePopupClosed";
const flagKey = (name: string, userId: number) => `${name}_${userId}`;
const readFlag = (name: string, userId: number) => {
  try {
    return window.localStorage.getItem(flagKey(name, userId)) === "1";
  } catch {
    return false;
  }
};
const setFlag = (name: string, userId: number) => {
  try {
    window.localStorage.setItem(flagKey(name, userId), "1");
  } catch {
    // Storage off: the popup shows again next time.
  }
};

const WIDGET_MIN_TOP = 80;

/** The newcomer gift: popup, receive popup and floating widget, mounted once in the learner shell. */
export function NewcomerGift() {
  const root = useRootData();
  const location = useLocation();
  const user = root?.user;
  const userId = isLoggedIn(user) ? user.userId : null;
  const mainSite = root?.shell.isMainSite ?? false;
  const [task, setTask] = useState<Task | null>(null);
  const [open, setOpen] = useState<"gift" | "receive" | null>(null);
  const [widgetClosed, setWidgetClosed] = useState(false);
  const [awarded, setAwarded] = useState(false);
  const path = location.pathname;

  useEffect(() => {
    if (!userId || !mainSite || !widgetPath(path)) {
      setTask(null);
      return;
    }
    let live = true;
    trpc.newcomer.task
      .query({ pathName: sitePathOfPage() })
      .then((t) => {
        if (!live) return;
        setTask(t);
        if (!t.isNewcomer || !popupPath(path)) return;
        if (t.isCompleteTask) {
          if (!readFlag(RECEIVE_POPUP_CLOSED, userId)) setOpen("receive");
        } else if (!readFlag(GIFT_POPUP_CLOSED, userId)) setOpen("gift");
      })
      .catch(() => live && setTask(null));
    return () => {
      live = false;
    };
  }, [userId, mainSite, path]);

  const closeGift = useCallback(() => {
    if (userId) setFlag(GIFT_POPUP_CLOSED, userId);
    setOpen(null);
  }, [userId]);

  if (!userId || !mainSite) return null;
  const newcomer = !!task?.isNewcomer && !awarded;
  return (
    <>
      {task && open === "gift" && <GiftPopup list={task.recommendContentList} onClose={closeGift} />}
      {open === "receive" && (
        <ReceivePopup
          onClose={(received) => {
            if (received) setAwarded(true);
            else setFlag(RECEIVE_POPUP_CLOSED, userId);
            setOpen(null);
          }}
        />
      )}
      {newcomer && !open && !widgetClosed && widgetPath(path) && (
        <GiftWidget onOpen={() => setOpen(task!.isCompleteTask ? "receive" : "gift")} onClose={() => setWidgetClosed(true)} />
      )}
    </>
  );
}

function itemUrl(item: Item) {
  if (item.recommendContentType === 1) return `/course/detail?id=${item.recommendContentId}`;
  if (item.recommendContentType === 2) return `/live/series?liveSeriesId=${item.recommendContentId}`;
  return null;
}

function GiftPopup({ list, onClose }: { list: Item[]; onClose: () => void }) {
  const navigate = useNavigate();
  const first = list[0];
  const banner = first?.recommendContentType === 3 && first.coverUrl ? first.coverUrl : null;
  const go = (item: Item) => {
    const url = itemUrl(item);
    onClose();
    if (url) navigate(url);
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="w-[509px] overflow-hidden p-0" data-testid="newcomer-popup" aria-describedby={undefined}>
        {banner ? (
          <img src={banner} alt="" className="h-[150px] w-full object-cover" />
        ) : (
          <div className="flex h-[150px] flex-col justify-center bg-gradient-to-r from-[#006bfd] to-[#4f9bff] px-8 text-white">
            <p className="text-sm opacity-90">新人专享</p>
            <p className="mt-1 text-3xl font-bold">
              价值<span className="text-[#ffe27a]">199元</span>课程免费领
            </p>
          </div>
        )}
        <div className="px-6 pb-6 pt-4">
          <DialogTitle className="text-base">新人礼包</DialogTitle>
          <p className="mt-1 text-sm text-[#4e5969]">学习任意课程或直播满1分钟，即可解锁价值199元的课程</p>
          <ul className="mt-4 max-h-[300px] space-y-3 overflow-y-auto">
            {list.filter((i) => i.recommendContentType !== 3).map((item) => (
              <li key={`${item.recommendContentType}-${item.recommendContentId}`} className="flex items-center gap-3">
                <div className="h-[54px] w-[96px] shrink-0 overflow-hidden rounded bg-[#f2f3f5]">{item.coverUrl && <img src={item.coverUrl} alt="" className="h-full w-full object-cover" />}</div>
                <div className="min-w-0 flex-1">
                  <p className="line-clamp-1 text-sm font-medium text-[#1d2129]">{item.name}</p>
                  {item.recommendContentType !== 2 && <p className="mt-1 text-xs text-muted">{item.joinNum}人已加入课程</p>}
                </div>
                <Button size="sm" onClick={() => go(item)}>
                  {item.recommendContentType === 2 ? "看直播" : "去学习"}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** The floating gift on the right: dragged up and down (never above 80 px), closable. */
function GiftWidget({ onOpen, onClose }: { onOpen: () => void; onClose: () => void }) {
  const [top, setTop] = useState(320);
  const drag = useRef<{ startY: number; startTop: number; moved: boolean } | null>(null);
  const onPointerDown = (e: React.PointerEvent) => {
    drag.current = { startY: e.clientY, startTop: top, moved: false };
    (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: React.PointerEvent) => {
    const d = drag.current;
    if (!d) return;
    const dy = e.clientY - d.startY;
    if (Math.abs(dy) > 3) d.moved = true;
    const max = Math.max(WIDGET_MIN_TOP, window.innerHeight - 120);
    setTop(Math.min(max, Math.max(WIDGET_MIN_TOP, d.startTop + dy)));
  };
  const onPointerUp = () => {
    const d = drag.current;
    drag.current = null;
    if (d && !d.moved) onOpen();
  };
  return (
    <div className="fixed right-4 z-40 select-none" style={{ top }} data-testid="newcomer-widget">
      <button type="button" aria-label="关闭新人礼包" onClick={onClose} className="absolute -right-1 -top-2 z-10 h-5 w-5 rounded-full bg-black/40 text-xs leading-5 text-white">
        ×
      </button>
      <div
        role="button"
        tabIndex={0}
        onKeyDown={(e) => e.key === "Enter" && onOpen()}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        className="flex h-[96px] w-[88px] cursor-grab touch-none flex-col items-center justify-center rounded-xl bg-gradient-to-b from-[#ff7a45] to-[#f53f3f] text-white shadow-lg"
      >
        <span className="text-2xl">🎁</span>
        <span className="mt-1 text-xs font-semibold">新人礼包</span>
        <span className="text-[11px] opacity-90">199元课程</span>
      </div>
    </div>
  );
}

interface Area {
  areaCode: string;
  areaName: string;
  children?: Area[];
}

function ReceivePopup({ onClose }: { onClose: (received: boolean) => void }) {
  const [identities, setIdentities] = useState<{ identityCategoryCode: number; identityCategoryName: string }[]>([]);
  const [areas, setAreas] = useState<Area[]>([]);
  const [identity, setIdentity] = useState("");
  const [province, setProvince] = useState("");
  const [city, setCity] = useState("");
  const [errors, setErrors] = useState<{ identity?: string; area?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const [award, setAward] = useState<Award | null>(null);

  useEffect(() => {
    trpc.newcomer.identityOptions.query().then(setIdentities).catch(() => {});
    trpc.newcomer.areaOptions.query().then(setAreas).catch(() => {});
  }, []);
  const cities = areas.find((a) => a.areaCode === province)?.children ?? [];

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const next = { identity: identity ? undefined : "请选择身份类型", area: province ? undefined : "请选择所属地区" };
    setErrors(next);
    if (next.identity || next.area) return;
    setBusy(true);
    try {
      setAward(await trpc.newcomer.receiveAward.mutate({ identity: Number(identity), areaCode: city || province }));
    } catch (error) {
      setErrors({ form: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  const field = "h-9 w-full rounded border border-[#e5e6eb] px-3 text-sm outline-none focus:border-primary";
  return (
    <Dialog open onOpenChange={(o) => !o && onClose(!!award)}>
      <DialogContent className="w-[509px]" data-testid="newcomer-receive" aria-describedby={undefined}>
        {award ? (
          <div className="text-center">
            <DialogTitle>领取成功</DialogTitle>
            <div className="mx-auto mt-4 h-[150px] w-[267px] overflow-hidden rounded bg-[#f2f3f5]">{award.coverUrl && <img src={award.coverUrl} alt="" className="h-full w-full object-cover" />}</div>
            <p className="mt-3 font-medium text-[#1d2129]">{award.name}</p>
            <p className="mt-1 text-sm text-[#f53f3f]">价值 ¥{formatMoney(award.price)}</p>
            <p className="mt-2 text-sm text-[#4e5969]">课程已放入个人中心“我的学习”</p>
            <Button asChild className="mt-5 px-8">
              <Link to={`/study/platform?id=${award.id}`} onClick={() => onClose(true)}>
                立即去学习
              </Link>
            </Button>
          </div>
        ) : (
          <form onSubmit={submit} noValidate>
            <DialogTitle>恭喜完成新人任务</DialogTitle>
            <p className="mt-1 text-sm text-[#4e5969]">填写以下信息，即可领取价值199元的课程</p>
            <label className="mt-5 block text-sm text-[#1d2129]">
              <span className="text-[#f53f3f]">*</span> 身份类型
              <select aria-label="身份类型" className={`${field} mt-1`} value={identity} onChange={(e) => setIdentity(e.target.value)}>
                <option value="">请选择身份类型</option>
                {identities.map((i) => (
                  <option key={i.identityCategoryCode} value={i.identityCategoryCode}>
                    {i.identityCategoryName}
                  </option>
                ))}
              </select>
              {errors.identity && <span className="mt-1 block text-xs text-[#f53f3f]">{errors.identity}</span>}
            </label>
            <div className="mt-4 text-sm text-[#1d2129]">
              <span className="text-[#f53f3f]">*</span> 所属地区
              <div className="mt-1 flex gap-2">
                <select aria-label="所属省份" className={field} value={province} onChange={(e) => (setProvince(e.target.value), setCity(""))}>
                  <option value="">请选择省份</option>
                  {areas.map((a) => (
                    <option key={a.areaCode} value={a.areaCode}>
                      {a.areaName}
                    </option>
                  ))}
                </select>
                <select aria-label="所属城市" className={field} value={city} onChange={(e) => setCity(e.target.value)} disabled={!cities.length}>
                  <option value="">请选择城市</option>
                  {cities.map((a) => (
                    <option key={a.areaCode} value={a.areaCode}>
                      {a.areaName}
                    </option>
                  ))}
                </select>
              </div>
              {errors.area && <span className="mt-1 block text-xs text-[#f53f3f]">{errors.area}</span>}
            </div>
            {errors.form && <p className="mt-3 text-sm text-[#f53f3f]">{errors.form}</p>}
            <Button type="submit" className="mt-6 w-full" disabled={busy}>
              {busy ? "领取中…" : "去领取课程"}
            </Button>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
