import { legacyRows } from "../legacy/types";

const U = "/api/elearning/back/user";

export const orgLegacy = legacyRows([
  { method: "POST", path: `${U}/page`, call: (c, i) => c.org.users.page(i as never) },
  { method: "POST", path: `${U}/getOne`, call: (c, i) => c.org.users.getOne(i as never) },
  { method: "POST", path: `${U}/able`, call: (c, i) => c.org.users.able(i as never) },
  { method: "POST", path: `${U}/unable`, call: (c, i) => c.org.users.unable(i as never) },
  { method: "POST", path: `${U}/unlockUser`, call: (c, i) => c.org.users.unlock(i as never) },
]);
