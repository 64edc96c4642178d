import { legacyRows, pass } from "../legacy/types";

const U = "/api/elearning/caiyun/front/user";

export const newcomerLegacy = legacyRows([
  // Learner (learner-calls.md User). The identity and area option calls have no known path: tRPC only.
  { method: "GET", path: `${U}/newcomer/task`, call: pass((c) => c.newcomer.task) },
  { method: "POST", path: `${U}/receive/newcomer/award`, call: pass((c) => c.newcomer.receiveAward) },
]);
