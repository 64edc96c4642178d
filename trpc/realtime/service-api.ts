import { z } from "zod";
import { validateSessionToken } from "../auth/session";
import { notLoggedIn } from "@base/errors";
import { router, serviceProcedure } from "../init";
import { unreadCount } from "../message/message.service";
import { endedSessions } from "./sessions";

const userId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);


// Calls the realtime process makes with the service token.
export const realtimeServiceRouter = router({
  /** May this browser (its cy_session token) open the socket of this user id? */
  authorizeSocket: serviceProcedure
    .input(z.object({ sessionToken: z.string().max(200), userId }))
    .output(z.object({ userId: z.number(), unreadNum: z.number(), sessionId: z.string() }))
    .mutation(async ({ ctx, input }) => {
      const found = await validateSessionToken(ctx.db, input.sessionToken);
      if (!found || found.user.id !== input.userId) throw notLoggedIn();
      return { userId: found.user.id, unreadNum: await unreadCount(ctx.db, found.user.id), sessionId: found.session.id };
    }),

  /** Which sessions of the process's open sockets have ended (the sweep behind the bus's session_ended). */
  endedSessions: serviceProcedure
    .input(z.object({ sessionIds: z.array(z.string().min(1).max(64)).max(5000) }))
    .output(z.array(z.string()))
    .mutation(({ ctx, input }) => endedSessions(ctx.db, input.sessionIds)),

  unreadNum: serviceProcedure
    .input(z.object({ userId }))
    .output(z.number())
    .query(({ ctx, input }) => unreadCount(ctx.db, input.userId)),
});
