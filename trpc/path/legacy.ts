import { legacyRows } from "../legacy/types";

export const pathLegacy = legacyRows([]);
