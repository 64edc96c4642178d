import { learnerProcedure, publicProcedure } from "../init";
import * as s from "./schemas";
import * as o from "./order.service";
import * as i from "./invoice.service";
import { sandboxPay } from "./sandbox.service";

/** Buying (learner-calls.md Orders): preview, order and payment, polling, my orders, invoices. */
export const orderLearnerProcedures = {
  preCreateOrder: learnerProcedure.input(s.goodsInput).mutation(({ ctx, input }) => o.preCreateOrder(ctx.db, ctx.user, input)),
  getTradeNo: learnerProcedure.input(s.tradeInput).mutation(({ ctx, input }) => o.createTrade(ctx.db, ctx.user, input, ctx.origin)),
  getOrderStatus: learnerProcedure.input(s.tradeNoInput).query(({ ctx, input }) => o.orderStatus(ctx.db, ctx.user, input.tradeNo)),
  getOrderInfoByTradeNo: learnerProcedure.input(s.tradeNoInput).query(({ ctx, input }) => o.orderDetail(ctx.db, ctx.user, input.tradeNo)),
  getOrderInfoByUserId: learnerProcedure.input(s.myOrdersInput).query(({ ctx, input }) => o.myOrders(ctx.db, ctx.user, input)),
  showRefundOrder: learnerProcedure.query(({ ctx }) => o.refundedOrders(ctx.db, ctx.user)),
  cancel: learnerProcedure.input(s.tradeNoInput).mutation(({ ctx, input }) => o.cancelOrder(ctx.db, ctx.user, input.tradeNo)),
  getPayAgreement: publicProcedure.query(() => o.PAY_AGREEMENT),
  getInvoiceHeader: learnerProcedure.query(({ ctx }) => i.getInvoiceHeader(ctx.db, ctx.user)),
  editInvoiceHeader: learnerProcedure.input(s.invoiceHeaderInput).mutation(({ ctx, input }) => i.saveInvoiceHeader(ctx.db, ctx.user, input)),
  invoice: learnerProcedure.input(s.invoiceRequestInput).mutation(({ ctx, input }) => i.requestInvoice(ctx.db, ctx.user, input)),
  getInvoiceStatus: learnerProcedure.input(s.tradeNoInput).query(({ ctx, input }) => i.invoiceStatus(ctx.db, ctx.user, input.tradeNo)),
  /** POST form of getInvoiceStatus, as the catalogue also lists it. */
  getInvoiceStatusPost: learnerProcedure.input(s.tradeNoInput).mutation(({ ctx, input }) => i.invoiceStatus(ctx.db, ctx.user, input.tradeNo)),
  /** The sandbox's phone page: what is being paid, and 确认支付. Anyone holding the QR code may pay, as with a real one. */
  sandboxInfo: publicProcedure.input(s.sandboxPayInput).query(({ ctx, input }) => sandboxPay(ctx.db, input, false)),
  sandboxPay: publicProcedure.input(s.sandboxPayInput).mutation(({ ctx, input }) => sandboxPay(ctx.db, input, true)),
};
