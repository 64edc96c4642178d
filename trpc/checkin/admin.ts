import { router } from "../init";

export const checkInAdminRouter = router({});
