import { legacyRows, pass } from "../legacy/types";

const F = "/api/elearning/caiyun/front/groupBuy";
const B = "/api/elearning/back/groupBuy";

export const groupBuyLegacy = legacyRows([
  // Learner (learner-calls.md Group buys).
  { method: "GET", path: `${F}/get`, call: pass((c) => c.groupBuy.get) },
  { method: "POST", path: `${F}/calculatePrice`, call: pass((c) => c.groupBuy.calculatePrice) },

  // Back office (back/groupBuy).
  { method: "POST", path: `${B}/create`, call: pass((c) => c.groupBuy.admin.create) },
  { method: "POST", path: `${B}/update`, call: pass((c) => c.groupBuy.admin.update) },
  { method: "POST", path: `${B}/expire`, call: pass((c) => c.groupBuy.admin.expire) },
  { method: "POST", path: `${B}/search`, call: pass((c) => c.groupBuy.admin.search) },
  { method: "GET", path: `${B}/get`, call: pass((c) => c.groupBuy.admin.get) },
]);
