import type { AppCaller } from "../caller";
import { legacyRows, pass } from "../legacy/types";
import { STATIC_KEYS } from "./site.service";

export const siteLegacy = legacyRows([
  { method: "GET", path: "/api/elearning/caiyun/front/site/getPathName", call: pass((c) => c.site.getPathName) },
  { method: "GET", path: "/api/elearning/caiyun/front/site/getConfig", call: pass((c) => c.site.getConfig) },
  ...STATIC_KEYS.map((key) => ({
    method: "GET" as const,
    path: `/magic/front/service/static/zcy.caiyunCollege.${key}/api`,
    call: (c: AppCaller) => c.site.staticValue({ key }),
  })),
]);
