import type { AppCaller } from "../caller";
import { legacyRows, pass } from "../legacy/types";
import { STATIC_KEYS } from "./site.service";

const B = "/api/elearning/back/site";

export const siteLegacy = legacyRows([
  { method: "GET", path: "/api/elearning/caiyun/front/site/getPathName", call: pass((c) => c.site.getPathName) },
  { method: "GET", path: "/api/elearning/caiyun/front/site/getConfig", call: pass((c) => c.site.getConfig) },
  ...STATIC_KEYS.map((key) => ({
    method: "GET" as const,
    path: `/magic/front/service/static/zcy.caiyunCollege.${key}/api`,
    call: (c: AppCaller) => c.site.staticValue({ key }),
  })),

  // Back office (back-office.md 7.16).
  { method: "POST", path: `${B}/pageList`, call: pass((c) => c.site.admin.page) },
  { method: "GET", path: `${B}/findSiteList`, call: (c) => c.site.admin.list() },
  { method: "GET", path: `${B}/getBaseDetail`, call: pass((c) => c.site.admin.detail) },
  { method: "POST", path: `${B}/saveBase`, call: pass((c) => c.site.admin.saveBase) },
  { method: "GET", path: `${B}/getPageConfig`, call: pass((c) => c.site.admin.pageConfig) },
  { method: "POST", path: `${B}/savePageConfig`, call: pass((c) => c.site.admin.savePageConfig) },
  { method: "GET", path: `${B}/getExtConfig`, call: pass((c) => c.site.admin.extConfig) },
  { method: "POST", path: `${B}/saveExtConfig`, call: pass((c) => c.site.admin.saveExtConfig) },
  { method: "GET", path: `${B}/getDomainConfig`, call: (c) => c.site.admin.domainConfig() },
  { method: "POST", path: `${B}/release`, call: pass((c) => c.site.admin.release) },
  { method: "POST", path: `${B}/cancelRelease`, call: pass((c) => c.site.admin.cancelRelease) },
  { method: "POST", path: `${B}/remove`, call: pass((c) => c.site.admin.remove) },
  { method: "POST", path: `${B}/preview`, call: pass((c) => c.site.admin.preview) },
]);
