import { legacyRows } from "../legacy/types";
import { STATIC_KEYS } from "./site.service";

export const siteLegacy = legacyRows([
  { method: "GET", path: "/api/elearning/caiyun/front/site/getPathName", call: (c, i) => c.site.getPathName(i as never) },
  { method: "GET", path: "/api/elearning/caiyun/front/site/getConfig", call: (c, i) => c.site.getConfig(i as never) },
  ...STATIC_KEYS.map((key) => ({
    method: "GET" as const,
    path: `/magic/front/service/static/zcy.caiyunCollege.${key}/api`,
    call: (c: Parameters<Parameters<typeof legacyRows>[0][number]["call"]>[0]) => c.site.staticValue({ key }),
  })),
]);
