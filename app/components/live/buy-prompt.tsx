import { formatMoney } from "@base/format";

/** The stage of a sold live the viewer has not bought: its price and 购买直播 (or 登录后购买). */
export function BuyPrompt({ cover, price, scribingPrice, loggedIn, onBuy }: { cover: string; price: number; scribingPrice: number; loggedIn: boolean; onBuy: () => void }) {
  return (
    <div className="relative aspect-video w-full overflow-hidden bg-[#0b1220]" data-testid="live-buy-prompt">
      {cover && <img src={cover} alt="" className="absolute inset-0 h-full w-full object-cover opacity-40" />}
      <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 text-white">
        <p className="text-lg">本场为付费直播，购买后即可观看直播与回放</p>
        <p className="flex items-baseline gap-2">
          <span className="text-2xl font-semibold text-[#ff7d00]">¥{formatMoney(price)}</span>
          {scribingPrice > price && <s className="text-sm text-white/60">¥{formatMoney(scribingPrice)}</s>}
        </p>
        <button type="button" onClick={onBuy} className="rounded-full bg-primary px-10 py-2 hover:bg-primary-600">
          {loggedIn ? "购买直播" : "登录后购买"}
        </button>
      </div>
    </div>
  );
}
