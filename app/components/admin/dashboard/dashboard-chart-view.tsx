import { Bar, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { ChartSeries } from "./dashboard-format";

/** A day-by-day chart: bars on the left axis, lines on the right one (or the left when there are no bars); browser only. */
export default function DashboardChartView({ points, series }: { points: Record<string, number | string>[]; series: ChartSeries[] }) {
  const right = series.some((s) => s.axis === "right");
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart data={points} margin={{ top: 8, right: 4, bottom: 0, left: 0 }}>
        <CartesianGrid stroke="#f2f3f5" vertical={false} />
        <XAxis dataKey="label" tick={{ fontSize: 11, fill: "#86909c" }} tickLine={false} axisLine={{ stroke: "#e5e6eb" }} interval="preserveStartEnd" minTickGap={12} />
        <YAxis yAxisId="left" tick={{ fontSize: 11, fill: "#86909c" }} tickLine={false} axisLine={false} width={48} allowDecimals={false} />
        {right && <YAxis yAxisId="right" orientation="right" tick={{ fontSize: 11, fill: "#86909c" }} tickLine={false} axisLine={false} width={40} allowDecimals={false} />}
        <Tooltip
          contentStyle={{ fontSize: 12, borderRadius: 6, borderColor: "#e5e6eb" }}
          labelFormatter={(_, payload) => String(payload?.[0]?.payload?.day ?? "")}
          formatter={(value, name) => [`${value}${series.find((s) => s.name === name)?.unit ?? ""}`, name]}
          cursor={{ fill: "rgba(0,107,253,0.06)" }}
        />
        {series.map((s) =>
          s.kind === "bar" ? (
            <Bar key={s.key} yAxisId={s.axis} dataKey={s.key} name={s.name} fill={s.color} radius={[3, 3, 0, 0]} maxBarSize={18} isAnimationActive={false} />
          ) : (
            <Line key={s.key} yAxisId={s.axis} dataKey={s.key} name={s.name} type="linear" stroke={s.color} strokeWidth={2} dot={{ r: 2, fill: s.color, strokeWidth: 0 }} activeDot={{ r: 4 }} isAnimationActive={false} />
          ),
        )}
      </ComposedChart>
    </ResponsiveContainer>
  );
}
