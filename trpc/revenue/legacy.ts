import { legacyRows, pass } from "../legacy/types";

const B = "/api/elearning/back/revenue/config";

export const revenueLegacy = legacyRows([
  { method: "GET", path: `${B}/getDepartmentType`, call: pass((c) => c.revenue.admin.getDepartmentType) },
  { method: "GET", path: `${B}/getSupportDepartmentType`, call: pass((c) => c.revenue.admin.getSupportDepartmentType) },
  { method: "GET", path: `${B}/detail`, call: pass((c) => c.revenue.admin.detail) },
  { method: "POST", path: `${B}/relate`, call: pass((c) => c.revenue.admin.relate) },
]);
