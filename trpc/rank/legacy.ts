import { legacyRows, pass } from "../legacy/types";

const R = "/api/elearning/caiyun/front/userStudyRank";

export const rankLegacy = legacyRows([
  { method: "GET", path: `${R}/getFirstTen`, call: pass((c) => c.rank.firstTen) },
  { method: "GET", path: `${R}/getUserStudyRankByUserId`, call: pass((c) => c.rank.mine) },
]);
