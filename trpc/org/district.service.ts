// China's administrative divisions (province → city → district, GB/T 2260 six-digit codes) from the data
// set of @vant/area-data, read once per process and kept.
import { areaList } from "@vant/area-data";
import { badInput } from "@base/errors";

export interface District {
  areaCode: string;
  areaName: string;
  children?: District[];
}
/** 1 province, 2 city, 3 district. */
export type DistrictLevel = 1 | 2 | 3;

interface Division {
  name: string;
  level: DistrictLevel;
  parent: string | null;
}

let loaded: { trees: Map<DistrictLevel, District[]>; byCode: Map<string, Division>; full: District[] } | undefined;

function load() {
  if (loaded) return loaded;
  const byCode = new Map<string, Division>();
  const sorted = (list: Record<string, string>) => Object.entries(list).sort(([a], [b]) => a.localeCompare(b));
  const provinces = sorted(areaList.province_list);
  const cities = sorted(areaList.city_list);
  const districts = sorted(areaList.county_list);
  for (const [code, name] of provinces) byCode.set(code, { name, level: 1, parent: null });
  for (const [code, name] of cities) byCode.set(code, { name, level: 2, parent: `${code.slice(0, 2)}0000` });
  for (const [code, name] of districts) byCode.set(code, { name, level: 3, parent: `${code.slice(0, 4)}00` });
  const childrenOf = (parent: string, list: [string, string][], prefix: number) =>
    list.filter(([code]) => code.slice(0, prefix) === parent.slice(0, prefix)).map(([areaCode, areaName]) => ({ areaCode, areaName }));
  const full: District[] = provinces.map(([areaCode, areaName]) => ({
    areaCode,
    areaName,
    children: childrenOf(areaCode, cities, 2).map((city) => ({ ...city, children: childrenOf(city.areaCode, districts, 4) })),
  }));
  loaded = { trees: new Map([[3, full]]), byCode, full };
  return loaded;
}

const cut = (nodes: District[], depth: number): District[] =>
  nodes.map((n) => (depth <= 1 || !n.children ? { areaCode: n.areaCode, areaName: n.areaName } : { ...n, children: cut(n.children, depth - 1) }));

/**
 * The divisions as a tree down to `level` (3 by default); with `parentCode`, only that division's
 * descendants (an unknown code answers an empty list).
 */
export function districtTree(input: { level?: DistrictLevel; parentCode?: string } = {}): District[] {
  const data = load();
  const level = input.level ?? 3;
  let tree = data.trees.get(level);
  if (!tree) data.trees.set(level, (tree = cut(data.full, level)));
  if (!input.parentCode) return tree;
  const parent = data.byCode.get(input.parentCode);
  if (parent?.level === 1) return tree.find((p) => p.areaCode === input.parentCode)?.children ?? [];
  if (parent?.level === 2) return tree.find((p) => p.areaCode === parent.parent)?.children?.find((c) => c.areaCode === input.parentCode)?.children ?? [];
  return [];
}

/** A division by code, or undefined. */
export function division(code: string | null | undefined) {
  return code ? load().byCode.get(code) : undefined;
}

export interface Region {
  provinceCode: string;
  provinceName: string;
  cityCode: string | null;
  cityName: string | null;
  districtCode: string | null;
  districtName: string | null;
  /** The most specific code given. */
  regionCode: string;
}

/** Checks that the codes name a province, one of its cities and one of that city's districts; the names come from the data set. */
export function resolveRegion(codes: { provinceCode: string; cityCode?: string | null; districtCode?: string | null }): Region {
  const province = division(codes.provinceCode);
  if (!province || province.level !== 1) throw badInput("所在省份不正确");
  let cityName: string | null = null;
  if (codes.cityCode) {
    const city = division(codes.cityCode);
    if (!city || city.level !== 2 || city.parent !== codes.provinceCode) throw badInput("所在城市不属于所选省份");
    cityName = city.name;
  }
  let districtName: string | null = null;
  if (codes.districtCode) {
    if (!codes.cityCode) throw badInput("请先选择所在城市");
    const district = division(codes.districtCode);
    if (!district || district.level !== 3 || district.parent !== codes.cityCode) throw badInput("所在区县不属于所选城市");
    districtName = district.name;
  }
  return {
    provinceCode: codes.provinceCode,
    provinceName: province.name,
    cityCode: codes.cityCode || null,
    cityName,
    districtCode: codes.districtCode || null,
    districtName,
    regionCode: codes.districtCode || codes.cityCode || codes.provinceCode,
  };
}

/** "广东省 深圳市 福田区" (a municipality's city level, named like its province, is said once). */
export function regionName(r: { provinceName: string; cityName: string | null; districtName: string | null }) {
  return [r.provinceName, r.cityName === r.provinceName ? null : r.cityName, r.districtName].filter(Boolean).join(" ");
}
