import { legacyRows } from "../legacy/types";

export const orgLegacy = legacyRows([]);
