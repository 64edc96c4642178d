import { legacyRows, pass } from "../legacy/types";

/** The learner's message to the platform (docs/decisions/039-prizes-help-feedback.md). */
export const helpLegacy = legacyRows([{ method: "POST", path: "/api/elearning/caiyun/front/message/sendUserMessage", call: pass((c) => c.help.feedback.send) }]);
