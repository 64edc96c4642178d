import { legacyRows } from "../legacy/types";

export const taskLegacy = legacyRows([]);
