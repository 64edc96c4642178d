import { adminProcedure, router } from "../init";
import { syncDirectoryUsers } from "./directory.service";

/**
 * Back-office calls of single sign-on. The organisation and role trees come through the org domain's
 * initSso (its SSO source is the directory when one is configured).
 */
export const ssoAdminRouter = router({
  /** back/user/ssouser: reads the directory's users into the platform; null without a directory. */
  syncUsers: adminProcedure.mutation(({ ctx }) => syncDirectoryUsers(ctx.db)),
});
