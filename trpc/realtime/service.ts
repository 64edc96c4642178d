import { router } from "../init";

// Calls the realtime process makes with the service token.
export const realtimeRouter = router({});
