import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, smallint, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { createdAt, id, timestamps, tz } from "./_columns";
import { users } from "./auth";

/** What can be bought or redeemed: the spec's goodsType (1 course, 2 live, 4 learning map). */
export const GOODS_TYPE = { course: 1, live: 2, map: 4 } as const;
export type GoodsType = (typeof GOODS_TYPE)[keyof typeof GOODS_TYPE];

/**
 * Order states. 0 unpaid → 1 paid (once, by a conditional update) → 4 refunded;
 * 0 → 2 cancelled by the learner, 0 → 3 closed unpaid by the sweep.
 */
export const ORDER_STATUS = { unpaid: 0, paid: 1, cancelled: 2, closed: 3, refunded: 4 } as const;

/** Money is kept in cents everywhere. */
export const orders = pgTable(
  "orders",
  {
    id: id(),
    /** The trade number shown to the learner and sent to the provider. */
    tradeNo: varchar("trade_no", { length: 32 }).notNull(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    goodsType: smallint("goods_type").notNull(),
    goodsId: bigint("goods_id", { mode: "number" }).notNull(),
    /** Name and cover as bought, so the order reads the same after the content changes. */
    goodsName: varchar("goods_name", { length: 100 }).notNull(),
    goodsCover: text("goods_cover").notNull().default(""),
    /** Class hours the purchase carries (learning credits). */
    learnHour: integer("learn_hour").notNull().default(0),
    originalPrice: integer("original_price").notNull(),
    payAmount: integer("pay_amount").notNull(),
    status: smallint("status").notNull().default(0),
    /** sandbox, wechat or alipay: chosen when the trade number is asked for. */
    provider: varchar("provider", { length: 16 }),
    providerTradeNo: varchar("provider_trade_no", { length: 64 }),
    /** What the payment QR code holds (the provider's code_url / qr_code), kept while the order is open. */
    payUrl: text("pay_url"),
    /** Whether the learner asked for an invoice when ordering. */
    wantInvoice: smallint("want_invoice").notNull().default(0),
    expiresAt: tz("expires_at").notNull(),
    paidAt: tz("paid_at"),
    closedAt: tz("closed_at"),
    closeReason: varchar("close_reason", { length: 100 }),
    refundedAt: tz("refunded_at"),
    refundReason: varchar("refund_reason", { length: 200 }),
    refundNo: varchar("refund_no", { length: 40 }),
    refundedBy: bigint("refunded_by", { mode: "number" }),
    /** The group buy this order joined (its seat opens when the group is complete). */
    groupBuyId: bigint("group_buy_id", { mode: "number" }),
    /** Last time the unpaid reminder went out. */
    remindedAt: tz("reminded_at"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("orders_trade_no_uq").on(t.tradeNo),
    // At most one open order per learner and goods: a second 立即购买 resumes it, so nothing is paid twice.
    uniqueIndex("orders_open_uq").on(t.userId, t.goodsType, t.goodsId).where(sql`status = 0`),
    index("orders_user_idx").on(t.userId, t.createdAt),
    index("orders_status_idx").on(t.status, t.expiresAt),
    index("orders_created_idx").on(t.createdAt),
  ],
);

/**
 * Every provider notification taken in, keyed by the provider's own id: a replay finds its row and
 * changes nothing.
 */
export const paymentNotifications = pgTable(
  "payment_notifications",
  {
    id: id(),
    provider: varchar("provider", { length: 16 }).notNull(),
    notifyId: varchar("notify_id", { length: 80 }).notNull(),
    tradeNo: varchar("trade_no", { length: 32 }).notNull(),
    amount: integer("amount").notNull(),
    /** applied, ignored (already paid / closed), refused (amount or trade mismatch). */
    outcome: varchar("outcome", { length: 16 }).notNull(),
    payload: jsonb("payload").notNull(),
    receivedAt: createdAt(),
  },
  (t) => [uniqueIndex("payment_notifications_uq").on(t.provider, t.notifyId), index("payment_notifications_trade_idx").on(t.tradeNo)],
);

/** headUserType: 1 individual, 2 organisation. One saved header per learner. */
export const invoiceHeaders = pgTable("invoice_headers", {
  userId: bigint("user_id", { mode: "number" })
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  headUserType: smallint("head_user_type").notNull(),
  headName: varchar("head_name", { length: 30 }).notNull(),
  taxNo: varchar("tax_no", { length: 20 }).notNull().default(""),
  registerPhone: varchar("register_phone", { length: 13 }).notNull().default(""),
  registerAddress: varchar("register_address", { length: 43 }).notNull().default(""),
  bankName: varchar("bank_name", { length: 100 }).notNull().default(""),
  bankAccount: varchar("bank_account", { length: 50 }).notNull().default(""),
  email: varchar("email", { length: 100 }).notNull().default(""),
  ...timestamps(),
});

/** Invoice states: 0 requested, 1 issued (PDF uploaded), 2 refused with a reason. */
export const INVOICE_STATUS = { requested: 0, issued: 1, refused: 2 } as const;

/** One invoice per paid order; the header is copied so a later edit does not change a request. */
export const invoices = pgTable(
  "invoices",
  {
    id: id(),
    orderId: bigint("order_id", { mode: "number" })
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    amount: integer("amount").notNull(),
    headUserType: smallint("head_user_type").notNull(),
    headName: varchar("head_name", { length: 30 }).notNull(),
    taxNo: varchar("tax_no", { length: 20 }).notNull().default(""),
    registerPhone: varchar("register_phone", { length: 13 }).notNull().default(""),
    registerAddress: varchar("register_address", { length: 43 }).notNull().default(""),
    bankName: varchar("bank_name", { length: 100 }).notNull().default(""),
    bankAccount: varchar("bank_account", { length: 50 }).notNull().default(""),
    email: varchar("email", { length: 100 }).notNull().default(""),
    status: smallint("status").notNull().default(0),
    /** Storage key of the e-invoice PDF once issued. */
    fileKey: text("file_key"),
    invoiceNo: varchar("invoice_no", { length: 40 }),
    refuseReason: varchar("refuse_reason", { length: 200 }),
    handledBy: bigint("handled_by", { mode: "number" }),
    handledAt: tz("handled_at"),
    ...timestamps(),
  },
  (t) => [uniqueIndex("invoices_order_uq").on(t.orderId), index("invoices_status_idx").on(t.status, t.createdAt), index("invoices_user_idx").on(t.userId)],
);

/** Batch states: 1 in use, 2 expired by an admin (its unused codes stop working). */
export const REDEEM_BATCH_STATUS = { active: 1, expired: 2 } as const;
/** Code states: 0 unused, 1 redeemed, 2 expired one by one. */
export const REDEEM_CODE_STATUS = { unused: 0, redeemed: 1, expired: 2 } as const;

export const redemptionBatches = pgTable(
  "redemption_batches",
  {
    id: id(),
    name: varchar("name", { length: 50 }).notNull(),
    goodsType: smallint("goods_type").notNull(),
    goodsId: bigint("goods_id", { mode: "number" }).notNull(),
    goodsName: varchar("goods_name", { length: 100 }).notNull(),
    count: integer("count").notNull(),
    validFrom: tz("valid_from").notNull(),
    validTo: tz("valid_to").notNull(),
    remark: varchar("remark", { length: 200 }).notNull().default(""),
    status: smallint("status").notNull().default(1),
    createdBy: bigint("created_by", { mode: "number" }),
    ...timestamps(),
  },
  (t) => [index("redemption_batches_created_idx").on(t.createdAt)],
);

export const redemptionCodes = pgTable(
  "redemption_codes",
  {
    id: id(),
    batchId: bigint("batch_id", { mode: "number" })
      .notNull()
      .references(() => redemptionBatches.id, { onDelete: "cascade" }),
    code: varchar("code", { length: 16 }).notNull(),
    status: smallint("status").notNull().default(0),
    userId: bigint("user_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    redeemedAt: tz("redeemed_at"),
    expiredAt: tz("expired_at"),
  },
  (t) => [uniqueIndex("redemption_codes_code_uq").on(t.code), index("redemption_codes_batch_idx").on(t.batchId, t.id), index("redemption_codes_user_idx").on(t.userId)],
);

/** Group-buy outcome: 0 gathering, 1 complete (seats open), 2 failed at the end (paid orders refunded). */
export const GROUP_BUY_OUTCOME = { gathering: 0, complete: 1, failed: 2 } as const;

/**
 * A group buy: a lower price for one product while at least minMembers learners buy it between startAt
 * and endAt. status 1 on, 2 expired early by an admin.
 */
export const groupBuys = pgTable(
  "group_buys",
  {
    id: id(),
    name: varchar("name", { length: 50 }).notNull(),
    goodsType: smallint("goods_type").notNull(),
    goodsId: bigint("goods_id", { mode: "number" }).notNull(),
    goodsName: varchar("goods_name", { length: 100 }).notNull(),
    /** Cents. */
    groupPrice: integer("group_price").notNull(),
    minMembers: integer("min_members").notNull(),
    startAt: tz("start_at").notNull(),
    endAt: tz("end_at").notNull(),
    status: smallint("status").notNull().default(1),
    outcome: smallint("outcome").notNull().default(0),
    settledAt: tz("settled_at"),
    createdBy: bigint("created_by", { mode: "number" }),
    ...timestamps(),
  },
  (t) => [index("group_buys_goods_idx").on(t.goodsType, t.goodsId, t.endAt)],
);

/** Which department a product's revenue belongs to (back/revenue/config). */
export const revenueConfigs = pgTable(
  "revenue_configs",
  {
    id: id(),
    relateBusinessType: smallint("relate_business_type").notNull(),
    relateBusinessId: bigint("relate_business_id", { mode: "number" }).notNull(),
    departmentType: smallint("department_type").notNull(),
    updatedBy: bigint("updated_by", { mode: "number" }),
    ...timestamps(),
  },
  (t) => [uniqueIndex("revenue_configs_uq").on(t.relateBusinessType, t.relateBusinessId)],
);
