import { router } from "../init";
import { realtimeServiceRouter } from "./service-api";

/** The realtime domain: service-token calls of the realtime process only, under service. */
export const realtimeRouter = router({ service: realtimeServiceRouter });
