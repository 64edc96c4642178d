import { useEffect, useState } from "react";
import { trpc } from "~/lib/trpc";
import { cn } from "~/lib/utils";

// Cascading province → city → district selects over the divisions tree (org.admin.organization.districtTree):
// provinces once, then the children of what was picked.

export interface RegionCodes {
  provinceCode: string;
  cityCode: string;
  districtCode: string;
}
type Division = { areaCode: string; areaName: string };

const cache = new Map<string, Promise<Division[]>>();
/** Provinces (level 1), a province's cities (2) or a city's districts (3), each asked once per page. */
function divisions(level: 1 | 2 | 3, parentCode?: string): Promise<Division[]> {
  const key = `${level}:${parentCode ?? ""}`;
  let hit = cache.get(key);
  if (!hit) {
    hit = trpc.org.admin.organization.districtTree
      .query({ level, parentCode })
      .then((list) => list.map(({ areaCode, areaName }) => ({ areaCode, areaName })))
      .catch((e: unknown) => {
        cache.delete(key);
        throw e;
      });
    cache.set(key, hit);
  }
  return hit;
}

function useDivisions(level: 1 | 2 | 3, parentCode: string | null) {
  const [list, setList] = useState<Division[]>([]);
  useEffect(() => {
    let live = true;
    if (parentCode === null) setList([]);
    else void divisions(level, parentCode || undefined).then((l) => live && setList(l), () => live && setList([]));
    return () => {
      live = false;
    };
  }, [level, parentCode]);
  return list;
}

export function RegionPicker({
  value,
  onChange,
  fieldClass,
  allowEmpty,
  disabled,
}: {
  value: RegionCodes;
  onChange: (v: RegionCodes) => void;
  fieldClass?: string;
  /** Filter use: the province may stay unpicked ("全部"). */
  allowEmpty?: boolean;
  disabled?: boolean;
}) {
  const provinces = useDivisions(1, "");
  const cities = useDivisions(2, value.provinceCode || null);
  const districts = useDivisions(3, value.cityCode || null);
  const select = cn("h-9 min-w-0 flex-1 rounded-md border border-border bg-white px-2 text-sm", fieldClass);
  return (
    <div className="flex gap-2">
      <select aria-label="省份" className={select} disabled={disabled} value={value.provinceCode} onChange={(e) => onChange({ provinceCode: e.target.value, cityCode: "", districtCode: "" })}>
        <option value="">{allowEmpty ? "全部省份" : "请选择省份"}</option>
        {provinces.map((p) => (
          <option key={p.areaCode} value={p.areaCode}>
            {p.areaName}
          </option>
        ))}
      </select>
      <select aria-label="城市" className={select} disabled={disabled || !value.provinceCode} value={value.cityCode} onChange={(e) => onChange({ ...value, cityCode: e.target.value, districtCode: "" })}>
        <option value="">{allowEmpty ? "全部城市" : "城市（可不选）"}</option>
        {cities.map((c) => (
          <option key={c.areaCode} value={c.areaCode}>
            {c.areaName}
          </option>
        ))}
      </select>
      <select aria-label="区县" className={select} disabled={disabled || !value.cityCode} value={value.districtCode} onChange={(e) => onChange({ ...value, districtCode: e.target.value })}>
        <option value="">{allowEmpty ? "全部区县" : "区县（可不选）"}</option>
        {districts.map((d) => (
          <option key={d.areaCode} value={d.areaCode}>
            {d.areaName}
          </option>
        ))}
      </select>
    </div>
  );
}
