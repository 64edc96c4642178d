import { router } from "../init";

export const pathAdminRouter = router({});
