import { router } from "./init";
import { authRouter } from "./auth/learner";
import { siteRouter } from "./site/learner";
import { orgRouter } from "./org/router";
import { oauthRouter } from "./oauth/learner";
import { realtimeRouter } from "./realtime/router";
import { uploadRouter } from "./upload/learner";
import { identityRouter } from "./identity/learner";
import { operateRouter } from "./operate/router";
import { liveRouter } from "./live/router";
import { courseRouter } from "./course/router";
import { materialRouter } from "./material/router";
import { examRouter } from "./exam/router";
import { searchRouter } from "./search/learner";
import { messageRouter } from "./message/learner";
import { commentRouter } from "./comment/learner";
import { questionnaireRouter } from "./questionnaire/learner";

/** Root router: one entry per domain; each domain wires its own procedures. */
export const appRouter = router({
  search: searchRouter,
  auth: authRouter,
  site: siteRouter,
  org: orgRouter,
  oauth: oauthRouter,
  realtime: realtimeRouter,
  upload: uploadRouter,
  identity: identityRouter,
  operate: operateRouter,
  live: liveRouter,
  course: courseRouter,
  material: materialRouter,
  exam: examRouter,
  message: messageRouter,
  comment: commentRouter,
  questionnaire: questionnaireRouter,
});

export type AppRouter = typeof appRouter;
