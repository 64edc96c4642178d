import { legacyRows, pass } from "../legacy/types";

const F = "/api/elearning/caiyun/front/checkIn";

export const checkInLegacy = legacyRows([
  // Learner (learner-calls.md Check-in).
  { method: "POST", path: `${F}/getCheckinPopUp`, call: pass((c) => c.checkIn.getCheckinPopUp) },
  { method: "GET", path: `${F}/getCheckInMedal`, call: pass((c) => c.checkIn.getCheckInMedal) },
  { method: "GET", path: `${F}/getCheckInWidget`, call: pass((c) => c.checkIn.getCheckInWidget) },
]);
