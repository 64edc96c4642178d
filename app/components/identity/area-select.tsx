export interface AreaOption {
  areaCode: string;
  areaName: string;
  children: { areaCode: string; areaName: string }[];
}

const selectClass =
  "h-10 flex-1 rounded-md border border-border bg-white px-3 text-sm focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/15";

/** Province then city; the value is the most precise code chosen. */
export function AreaSelect({ areas, value, onChange }: { areas: AreaOption[]; value: string; onChange: (code: string) => void }) {
  const province = areas.find((p) => p.areaCode === value || p.children.some((c) => c.areaCode === value));
  return (
    <div className="flex gap-3">
      <select aria-label="省份" className={selectClass} value={province?.areaCode ?? ""} onChange={(e) => onChange(e.target.value)}>
        <option value="">请选择省份</option>
        {areas.map((p) => (
          <option key={p.areaCode} value={p.areaCode}>
            {p.areaName}
          </option>
        ))}
      </select>
      <select
        aria-label="城市"
        className={selectClass}
        value={province && value !== province.areaCode ? value : ""}
        disabled={!province?.children.length}
        onChange={(e) => onChange(e.target.value || province?.areaCode || "")}
      >
        <option value="">请选择城市</option>
        {province?.children.map((c) => (
          <option key={c.areaCode} value={c.areaCode}>
            {c.areaName}
          </option>
        ))}
      </select>
    </div>
  );
}
