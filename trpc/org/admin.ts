import { router } from "../init";

// Filled by the users back-office work (back/user/*).
export const orgAdminRouter = router({});
