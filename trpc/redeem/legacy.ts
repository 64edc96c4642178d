import { legacyRows, pass } from "../legacy/types";
import { xlsxResponse, type XlsxFile } from "@base/xlsx";

const F = "/api/elearning/caiyun/front/redemptionCode";
const B = "/api/elearning/back/redemptionCode";
const download = (data: never) => xlsxResponse(data as XlsxFile);

export const redeemLegacy = legacyRows([
  // Learner (learner-calls.md Redemption codes).
  { method: "GET", path: `${F}/getGoodsDetails`, call: pass((c) => c.redeem.preview) },
  { method: "POST", path: `${F}/redeem`, call: pass((c) => c.redeem.redeem) },
  { method: "GET", path: `${F}/getRedeemedGoods`, call: pass((c) => c.redeem.redeemed) },
  { method: "GET", path: `${F}/getRedemptionCodeBatch`, call: pass((c) => c.redeem.batches) },
  { method: "GET", path: `${F}/get`, call: pass((c) => c.redeem.batch) },
  { method: "POST", path: `${F}/downloadRedemptionCode`, call: pass((c) => c.redeem.download), respond: download },

  // Back office (back-office.md 7.15).
  { method: "POST", path: `${B}/create`, call: pass((c) => c.redeem.admin.create) },
  { method: "POST", path: `${B}/searchRedemptionCodeBatchInf`, call: pass((c) => c.redeem.admin.page) },
  { method: "GET", path: `${B}/getRedemptionCodeBatchInf`, call: pass((c) => c.redeem.admin.detail) },
  { method: "POST", path: `${B}/downloadRedemptionCodeBatchInf`, call: pass((c) => c.redeem.admin.exportBatches), respond: download },
  { method: "POST", path: `${B}/download`, call: pass((c) => c.redeem.admin.exportCodes), respond: download },
  { method: "POST", path: `${B}/expire`, call: pass((c) => c.redeem.admin.expire) },
  { method: "POST", path: `${B}/expireRedemptionCode`, call: pass((c) => c.redeem.admin.expireCode) },
  { method: "POST", path: `${B}/delete`, call: pass((c) => c.redeem.admin.del) },
  { method: "POST", path: `${B}/useDetail`, call: pass((c) => c.redeem.admin.useDetail) },
  { method: "POST", path: `${B}/updateRemark`, call: pass((c) => c.redeem.admin.updateRemark) },

  // Tool (back-office.md 7.18): more codes for a batch still in use.
  { method: "POST", path: "/api/elearning/caiyun/tool/generateRedemptionCode", call: pass((c) => c.redeem.admin.generate) },
]);
