import { router } from "./init";
import { authRouter } from "./auth/learner";
import { siteRouter } from "./site/learner";
import { orgAdminRouter } from "./org/admin";
import { realtimeRouter } from "./realtime/service";

/** Root router: one entry per domain; each domain wires its own procedures. */
export const appRouter = router({
  auth: authRouter,
  site: siteRouter,
  org: orgAdminRouter,
  realtime: realtimeRouter,
});

export type AppRouter = typeof appRouter;
