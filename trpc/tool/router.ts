import { router } from "../init";
import { toolAdminRouter } from "./admin";
import { toolsRouter } from "./tools-router";

export const toolRouter = router({ admin: toolAdminRouter, tools: toolsRouter });
