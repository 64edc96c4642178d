import { legacyRows } from "../legacy/types";

const O = "/api/elearning/oss";

export const uploadLegacy = legacyRows([
  { method: "GET", path: `${O}/getUploadToken`, call: (c, i) => c.upload.getUploadToken(i as never) },
  // The old client reads the URL straight from data.
  { method: "GET", path: `${O}/getDownLoadUrl`, call: async (c, i) => (await c.upload.getDownLoadUrl(i as never)).url },
]);
