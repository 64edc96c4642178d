import { legacyRows, pass } from "../legacy/types";
import { xlsxResponse, type XlsxFile } from "@base/xlsx";

const F = "/api/elearning/caiyun/front/order";
const B = "/api/elearning/back/order";
const download = (data: never) => xlsxResponse(data as XlsxFile);

export const orderLegacy = legacyRows([
  // Learner (learner-calls.md Orders).
  { method: "GET", path: `${F}/getOrderInfoByTradeNo`, call: pass((c) => c.order.getOrderInfoByTradeNo) },
  { method: "GET", path: `${F}/getOrderInfoByUserId`, call: pass((c) => c.order.getOrderInfoByUserId) },
  { method: "GET", path: `${F}/getInvoiceHeader`, call: pass((c) => c.order.getInvoiceHeader) },
  { method: "GET", path: `${F}/getOrderStatus`, call: pass((c) => c.order.getOrderStatus) },
  { method: "GET", path: `${F}/getInvoiceStatus`, call: pass((c) => c.order.getInvoiceStatus) },
  { method: "GET", path: `${F}/showRefundOrder`, call: pass((c) => c.order.showRefundOrder) },
  { method: "GET", path: `${F}/getPayAgreement`, call: pass((c) => c.order.getPayAgreement) },
  { method: "POST", path: `${F}/preCreateOrder`, call: pass((c) => c.order.preCreateOrder) },
  { method: "POST", path: `${F}/editInvoiceHeader`, call: pass((c) => c.order.editInvoiceHeader) },
  { method: "POST", path: `${F}/invoice`, call: pass((c) => c.order.invoice) },
  { method: "POST", path: `${F}/getTradeNo`, call: pass((c) => c.order.getTradeNo) },
  { method: "POST", path: `${F}/getInvoiceStatus`, call: pass((c) => c.order.getInvoiceStatusPost) },

  // Back office (back/order).
  { method: "POST", path: `${B}/getOrderPage`, call: pass((c) => c.order.admin.getOrderPage) },
  { method: "POST", path: `${B}/downloadOrderInfo`, call: pass((c) => c.order.admin.downloadOrderInfo), respond: download },
  { method: "POST", path: `${B}/invoice`, call: pass((c) => c.order.admin.invoice) },
  { method: "POST", path: "/api/elearning/caiyun/tool/sendUnPayOrderRemind", call: pass((c) => c.order.admin.sendUnPayOrderRemind) },
]);
