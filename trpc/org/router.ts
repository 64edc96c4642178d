import { router } from "../init";
import { orgAdminRouter } from "./admin";

/** The org domain: back-office calls only, under admin. */
export const orgRouter = router({ admin: orgAdminRouter });
