import { legacyRows } from "../legacy/types";

export const checkInLegacy = legacyRows([]);
