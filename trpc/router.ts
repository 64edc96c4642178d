import { router } from "./init";
import { authRouter } from "./auth/router";
import { siteRouter } from "./site/router";
import { orgRouter } from "./org/router";
import { oauthRouter } from "./oauth/router";
import { realtimeRouter } from "./realtime/router";
import { uploadRouter } from "./upload/router";
import { identityRouter } from "./identity/router";
import { operateRouter } from "./operate/router";
import { liveRouter } from "./live/router";
import { courseRouter } from "./course/router";
import { materialRouter } from "./material/router";
import { examRouter } from "./exam/router";
import { searchRouter } from "./search/router";
import { messageRouter } from "./message/router";
import { commentRouter } from "./comment/router";
import { questionnaireRouter } from "./questionnaire/router";
import { certRouter } from "./cert/router";
import { pathRouter } from "./path/router";
import { taskRouter } from "./task/router";
import { checkInRouter } from "./checkin/router";
import { orderRouter } from "./order/router";
import { redeemRouter } from "./redeem/router";
import { groupBuyRouter } from "./groupbuy/router";
import { revenueRouter } from "./revenue/router";
import { ssoRouter } from "./sso/router";
import { toolRouter } from "./tool/router";
import { eventRouter } from "./event/router";
import { rankRouter } from "./rank/router";
import { newcomerRouter } from "./newcomer/router";
import { helpRouter } from "./help/router";

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
  cert: certRouter,
  path: pathRouter,
  task: taskRouter,
  checkIn: checkInRouter,
  order: orderRouter,
  redeem: redeemRouter,
  groupBuy: groupBuyRouter,
  revenue: revenueRouter,
  sso: ssoRouter,
  event: eventRouter,
  tool: toolRouter,
  rank: rankRouter,
  newcomer: newcomerRouter,
  help: helpRouter,
});

export type AppRouter = typeof appRouter;
