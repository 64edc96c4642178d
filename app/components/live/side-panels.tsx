import { useEffect, useState } from "react";
import { formatMoney } from "@base/format";
import { useCountdown } from "./countdown";

export interface GoodsItem {
  goodsId: number;
  name: string;
  coverUrl: string;
  price: number;
  linkUrl: string;
}
export interface RaffleInfo {
  id: number;
  name: string;
  awardName: string;
  winnerCount: number;
  endTime: number | null;
  isJoin: number;
  status: number;
  winners?: { userId: number; nick: string }[];
}
export interface SignInfo {
  signId: number | null;
  isSign: number;
  endTime: number | null;
}

export function NoticeBar({ content }: { content: string }) {
  if (!content) return null;
  return (
    <div className="flex items-start gap-2 rounded-lg bg-[#fff7e8] px-4 py-2.5 text-sm text-[#d25f00]" data-testid="live-notice">
      <b className="shrink-0">公告</b>
      <span>{content}</span>
    </div>
  );
}

export function GoodsPanel({ goods, onClick }: { goods: GoodsItem[]; onClick: (g: GoodsItem) => void }) {
  if (!goods.length) return null;
  return (
    <div className="rounded-lg bg-white p-4" data-testid="live-goods">
      <h3 className="mb-3 text-sm font-semibold">直播商品</h3>
      <ul className="space-y-2">
        {goods.map((g) => (
          <li key={g.goodsId} className="flex items-center justify-between gap-2 text-sm">
            <span className="line-clamp-1">{g.name}</span>
            <span className="flex shrink-0 items-center gap-2">
              <span className="text-danger">¥{formatMoney(g.price)}</span>
              <button type="button" className="rounded bg-primary px-2 py-0.5 text-xs text-white" onClick={() => onClick(g)}>
                去看看
              </button>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function SecondsLeft({ until }: { until: number }) {
  const c = useCountdown(until);
  return (
    <span suppressHydrationWarning className="tabular-nums">
      {c.minutes * 60 + c.seconds + c.hours * 3600} 秒
    </span>
  );
}

export function RafflePanel({ raffle, myId, onJoin }: { raffle: RaffleInfo | null; myId: number | null; onJoin: () => void }) {
  if (!raffle) return null;
  const won = raffle.winners?.some((w) => w.userId === myId);
  return (
    <div className="rounded-lg border border-[#ffd8a8] bg-[#fffaf2] p-4 text-sm" data-testid="live-raffle">
      <h3 className="mb-1 font-semibold text-[#d25f00]">{raffle.name}</h3>
      <p>奖品：{raffle.awardName}（{raffle.winnerCount} 名）</p>
      {raffle.status === 1 && (
        <div className="mt-2 flex items-center justify-between">
          {raffle.endTime ? (
            <span className="text-muted">
              距开奖 <SecondsLeft until={raffle.endTime} />
            </span>
          ) : (
            <span />
          )}
          <button type="button" disabled={raffle.isJoin === 1} onClick={onJoin} className="rounded bg-[#ff7d00] px-3 py-1 text-white disabled:bg-[#c9cdd4]">
            {raffle.isJoin ? "已参与" : "参与抽奖"}
          </button>
        </div>
      )}
      {raffle.status === 2 && (
        <div className="mt-2" data-testid="live-raffle-result">
          <p className="font-semibold">{won ? "恭喜您中奖了！请到“我的奖品”填写收货地址" : "开奖结果"}</p>
          <p className="text-muted">{raffle.winners?.length ? `中奖名单：${raffle.winners.map((w) => w.nick).join("、")}` : "本次抽奖无人中奖"}</p>
        </div>
      )}
    </div>
  );
}

export function SignPanel({ sign, signed, onSign }: { sign: SignInfo | null; signed: boolean; onSign: () => void }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  if (!sign || !sign.isSign || (sign.endTime && sign.endTime < now)) return null;
  return (
    <div className="flex items-center justify-between rounded-lg border border-primary/30 bg-primary-50 p-4 text-sm" data-testid="live-sign">
      <span>主播发起了签到{sign.endTime ? `，剩余 ${Math.max(0, Math.ceil((sign.endTime - now) / 1000))} 秒` : ""}</span>
      <button type="button" disabled={signed} onClick={onSign} className="rounded bg-primary px-4 py-1 text-white disabled:bg-[#c9cdd4]">
        {signed ? "已签到" : "立即签到"}
      </button>
    </div>
  );
}
