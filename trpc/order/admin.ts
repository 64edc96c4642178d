import { adminProcedure, router } from "../init";
import * as s from "./schemas";
import * as a from "./admin.service";
import * as i from "./invoice.service";
import { refundOrder, remindUnpaid } from "./payment.service";

/** Orders, refunds and the invoice queue in the back office (back-office.md 7.15, back/order). */
export const orderAdminRouter = router({
  getOrderPage: adminProcedure.input(s.adminOrderPageInput).query(({ ctx, input }) => a.orderPage(ctx.db, input)),
  downloadOrderInfo: adminProcedure.input(s.adminOrderPageInput).query(({ ctx, input }) => a.exportOrders(ctx.db, input)),
  revenueByDay: adminProcedure.query(({ ctx }) => a.revenueByDay(ctx.db)),
  refund: adminProcedure.input(s.refundInput).mutation(({ ctx, input }) => refundOrder(ctx.db, ctx.user.id, input.tradeNo, input.reason)),
  sendUnPayOrderRemind: adminProcedure.input(s.tradeNoInput).mutation(({ ctx, input }) => remindUnpaid(ctx.db, input.tradeNo)),
  invoicePage: adminProcedure.input(s.invoicePageInput).query(({ ctx, input }) => i.invoicePage(ctx.db, input)),
  invoice: adminProcedure.input(s.issueInvoiceInput).mutation(({ ctx, input }) => i.issueInvoice(ctx.db, ctx.user.id, input)),
  refuseInvoice: adminProcedure.input(s.refuseInvoiceInput).mutation(({ ctx, input }) => i.refuseInvoice(ctx.db, ctx.user.id, input)),
});
