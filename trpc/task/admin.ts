import { router } from "../init";

export const taskAdminRouter = router({});
