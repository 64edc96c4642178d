import { legacyRows, pass } from "../legacy/types";

const O = "/api/elearning/oss";
const downloadUrl = pass((c) => c.upload.getDownLoadUrl);

export const uploadLegacy = legacyRows([
  { method: "GET", path: `${O}/getUploadToken`, call: pass((c) => c.upload.getUploadToken) },
  // The old client reads the URL straight from data.
  { method: "GET", path: `${O}/getDownLoadUrl`, call: async (c, i) => (await downloadUrl(c, i)).url },
]);
