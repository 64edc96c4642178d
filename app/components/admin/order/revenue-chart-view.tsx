import { Bar, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis, type TooltipContentProps } from "recharts";
import { formatMoney } from "@base/format";
import { CHART_COLORS, type RevenuePoint } from "./order-format";

const { amount: BAR, count: LINE } = CHART_COLORS;

function DayTooltip({ active, payload }: TooltipContentProps) {
  const p = payload?.[0]?.payload as RevenuePoint | undefined;
  if (!active || !p) return null;
  return (
    <div className="rounded-md border border-border bg-white px-3 py-2 text-xs shadow-md">
      <p className="mb-1 font-medium text-[#1d2129]">{p.day}</p>
      <p className="flex items-center gap-1.5 text-[#4e5969]">
        <span className="inline-block h-2 w-2 rounded-sm" style={{ background: BAR }} />
        支付金额：¥{formatMoney(Math.round(p.amount * 100))}
      </p>
      <p className="flex items-center gap-1.5 text-[#4e5969]">
        <span className="inline-block h-2 w-2 rounded-full" style={{ background: LINE }} />
        支付订单：{p.paidCount} 笔
      </p>
      {p.refundAmount > 0 && <p className="mt-0.5 text-[#f53f3f]">其中已退款：¥{formatMoney(Math.round(p.refundAmount * 100))}</p>}
    </div>
  );
}

/** Bars of each day's paid amount (yuan) and a line of paid orders; runs in the browser only. */
export default function RevenueChartView({ points }: { points: RevenuePoint[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart data={points} margin={{ top: 8, right: 4, bottom: 0, left: 0 }}>
        <CartesianGrid stroke="#f2f3f5" vertical={false} />
        <XAxis dataKey="label" tick={{ fontSize: 11, fill: "#86909c" }} tickLine={false} axisLine={{ stroke: "#e5e6eb" }} interval="preserveStartEnd" minTickGap={12} />
        <YAxis yAxisId="amount" tick={{ fontSize: 11, fill: "#86909c" }} tickLine={false} axisLine={false} width={56} allowDecimals={false} tickFormatter={(v: number) => `¥${v}`} />
        <YAxis yAxisId="count" orientation="right" tick={{ fontSize: 11, fill: "#86909c" }} tickLine={false} axisLine={false} width={32} allowDecimals={false} />
        <Tooltip content={DayTooltip} cursor={{ fill: "rgba(0,107,253,0.06)" }} />
        <Bar yAxisId="amount" dataKey="amount" name="支付金额（元）" fill={BAR} radius={[3, 3, 0, 0]} maxBarSize={18} isAnimationActive={false} />
        <Line yAxisId="count" dataKey="paidCount" name="支付订单（笔）" type="linear" stroke={LINE} strokeWidth={2} dot={{ r: 2, fill: LINE, strokeWidth: 0 }} activeDot={{ r: 4 }} isAnimationActive={false} />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
