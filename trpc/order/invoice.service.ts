import { and, count, desc, eq, ilike, ne, or, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { INVOICE_STATUS, invoiceHeaders, invoices, ORDER_STATUS, orders, users } from "@db/schema";
import { badInput, fail, notFound } from "@base/errors";
import { paginate } from "@base/paging";
import { likePattern } from "@base/sql";
import { maskMobile } from "@base/format";
import { signFileUrl } from "../upload/signing";
import { storageKeyOf } from "../upload/file-ref";
import { isInvoiceUpload } from "../upload/access.service";
import { INVOICE_STATUS_NAME, ownOrder, type Viewer } from "./order.service";
import { INVOICE_HEAD_TYPES, type InvoiceHeaderInput } from "./schemas";

/** How long the learner's invoice download link lasts. */
const INVOICE_LINK_SECONDS = 10 * 60;
const typeList = Object.entries(INVOICE_HEAD_TYPES).map(([value, label]) => ({ value: Number(value), label }));

const headerValues = (h: InvoiceHeaderInput) => ({
  headUserType: h.headUserType,
  headName: h.headName,
  taxNo: h.taxNo,
  registerPhone: h.registerPhone ?? "",
  registerAddress: h.registerAddress ?? "",
  bankName: h.bankName ?? "",
  bankAccount: h.bankAccount ?? "",
  email: h.email ?? "",
});

/** The learner's saved invoice header (getInvoiceHeader), with the header types the modal offers. */
export async function getInvoiceHeader(db: DbOrTx, viewer: Viewer) {
  const [h] = await db.select().from(invoiceHeaders).where(eq(invoiceHeaders.userId, viewer.id)).limit(1);
  const empty = { headUserType: null as number | null, headName: "", taxNo: "", registerPhone: "", registerAddress: "", bankName: "", bankAccount: "", email: "" };
  return { ...(h ? { ...headerValues(h as InvoiceHeaderInput) } : empty), typeList };
}

/** Saves the header the modal filled in (editInvoiceHeader). */
export async function saveInvoiceHeader(db: DbOrTx, viewer: Viewer, input: InvoiceHeaderInput) {
  const values = headerValues(input);
  await db
    .insert(invoiceHeaders)
    .values({ userId: viewer.id, ...values })
    .onConflictDoUpdate({ target: invoiceHeaders.userId, set: { ...values, updatedAt: new Date() } });
  return { success: true };
}

/**
 * Asks for the invoice of a paid order (invoice): one per order (unique index), the header copied
 * into the request and saved for next time. A refused request may be sent again with a corrected header.
 */
export async function requestInvoice(db: DbOrTx, viewer: Viewer, input: InvoiceHeaderInput & { tradeNo: string }) {
  return db.transaction(async (tx) => {
    const o = await ownOrder(tx, viewer, input.tradeNo);
    if (o.status !== ORDER_STATUS.paid) throw fail("订单支付成功后才能申请发票");
    const values = headerValues(input);
    const [existing] = await tx.select().from(invoices).where(eq(invoices.orderId, o.id)).limit(1).for("update");
    if (existing && existing.status !== INVOICE_STATUS.refused) throw fail("该订单已申请发票，请勿重复申请");
    if (existing) {
      await tx
        .update(invoices)
        .set({ ...values, status: INVOICE_STATUS.requested, refuseReason: null, handledAt: null, handledBy: null })
        .where(and(eq(invoices.id, existing.id), eq(invoices.status, INVOICE_STATUS.refused)));
    } else {
      const made = await tx
        .insert(invoices)
        .values({ orderId: o.id, userId: viewer.id, amount: o.payAmount, ...values })
        .onConflictDoNothing()
        .returning({ id: invoices.id });
      if (!made.length) throw fail("该订单已申请发票，请勿重复申请");
    }
    await tx
      .insert(invoiceHeaders)
      .values({ userId: viewer.id, ...values })
      .onConflictDoUpdate({ target: invoiceHeaders.userId, set: { ...values, updatedAt: new Date() } });
    return { tradeNo: o.tradeNo, invoiceStatus: INVOICE_STATUS.requested, invoiceStatusName: INVOICE_STATUS_NAME[INVOICE_STATUS.requested] };
  });
}

/** The invoice state of one of the learner's orders (getInvoiceStatus), with a short-lived link once issued. */
export async function invoiceStatus(db: DbOrTx, viewer: Viewer, tradeNo: string, now = Date.now()) {
  const o = await ownOrder(db, viewer, tradeNo);
  const [inv] = await db.select().from(invoices).where(eq(invoices.orderId, o.id)).limit(1);
  if (!inv) return { tradeNo, invoiceStatus: -1, invoiceStatusName: INVOICE_STATUS_NAME[-1], canApply: o.status === ORDER_STATUS.paid ? 1 : 0, invoiceUrl: "", refuseReason: "" };
  return {
    tradeNo,
    invoiceStatus: inv.status,
    invoiceStatusName: INVOICE_STATUS_NAME[inv.status],
    canApply: inv.status === INVOICE_STATUS.refused ? 1 : 0,
    headName: inv.headName,
    headUserType: inv.headUserType,
    taxNo: inv.taxNo,
    amount: inv.amount,
    invoiceNo: inv.invoiceNo ?? "",
    refuseReason: inv.refuseReason ?? "",
    applyTime: inv.createdAt.getTime(),
    issueTime: inv.handledAt?.getTime() ?? null,
    invoiceUrl: inv.status === INVOICE_STATUS.issued && inv.fileKey ? signFileUrl(inv.fileKey, Math.floor(now / 1000) + INVOICE_LINK_SECONDS) : "",
  };
}

// ---- back office: the invoice queue ----

export async function invoicePage(db: DbOrTx, input: { status?: number; keyword?: string; pageNo: number; pageSize: number }) {
  const conds: SQL[] = [];
  if (input.status !== undefined) conds.push(eq(invoices.status, input.status));
  if (input.keyword) {
    const k = likePattern(input.keyword);
    conds.push(or(ilike(invoices.headName, k), ilike(orders.tradeNo, k), ilike(users.nick, k), ilike(users.mobile, k))!);
  }
  const where = conds.length ? and(...conds) : undefined;
  const base = () => db.select().from(invoices).innerJoin(orders, eq(orders.id, invoices.orderId)).innerJoin(users, eq(users.id, invoices.userId)).where(where);
  const page = await paginate(
    input,
    db.select({ total: count() }).from(invoices).innerJoin(orders, eq(orders.id, invoices.orderId)).innerJoin(users, eq(users.id, invoices.userId)).where(where),
    base().orderBy(desc(invoices.createdAt), desc(invoices.id)),
  );
  return {
    ...page,
    list: page.list.map(({ invoices: i, orders: o, users: u }) => ({
      id: i.id,
      tradeNo: o.tradeNo,
      goodsName: o.goodsName,
      amount: i.amount,
      userId: u.id,
      nick: u.nick,
      mobile: maskMobile(u.mobile),
      headUserType: i.headUserType,
      headUserTypeName: INVOICE_HEAD_TYPES[i.headUserType as 1 | 2] ?? "",
      headName: i.headName,
      taxNo: i.taxNo,
      registerPhone: i.registerPhone,
      registerAddress: i.registerAddress,
      bankName: i.bankName,
      bankAccount: i.bankAccount,
      email: i.email,
      status: i.status,
      statusName: INVOICE_STATUS_NAME[i.status],
      invoiceNo: i.invoiceNo ?? "",
      refuseReason: i.refuseReason ?? "",
      applyTime: i.createdAt.getTime(),
      handleTime: i.handledAt?.getTime() ?? null,
      fileUrl: i.fileKey ? signFileUrl(i.fileKey, Math.floor(Date.now() / 1000) + INVOICE_LINK_SECONDS) : "",
    })),
  };
}

export const NOT_AN_INVOICE_FILE = "电子发票文件无效，请在开具发票窗口重新上传";

/**
 * Issues a requested invoice with the uploaded e-invoice PDF (back/order/invoice). The file must be a
 * private invoice upload (midPath `invoice`), so only the buyer and admins ever get a link to it, and
 * one file belongs to one invoice.
 */
export async function issueInvoice(db: DbOrTx, adminId: number, input: { id: number; fileKey: string; invoiceNo?: string }) {
  const key = storageKeyOf(input.fileKey);
  if (!key || !/\.pdf$/i.test(key)) throw badInput("请上传PDF格式的电子发票");
  if (!(await isInvoiceUpload(db, key))) throw badInput(NOT_AN_INVOICE_FILE);
  const [taken] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.fileKey, key), ne(invoices.id, input.id)))
    .limit(1);
  if (taken) throw badInput("该电子发票文件已用于其他订单，请重新上传");
  const [done] = await db
    .update(invoices)
    .set({ status: INVOICE_STATUS.issued, fileKey: key, invoiceNo: input.invoiceNo ?? null, handledBy: adminId, handledAt: new Date(), refuseReason: null })
    .where(and(eq(invoices.id, input.id), eq(invoices.status, INVOICE_STATUS.requested)))
    .returning({ id: invoices.id });
  if (!done) await stateRefusal(db, input.id);
  return { success: true, id: input.id, status: INVOICE_STATUS.issued };
}

export async function refuseInvoice(db: DbOrTx, adminId: number, input: { id: number; reason: string }) {
  const [done] = await db
    .update(invoices)
    .set({ status: INVOICE_STATUS.refused, refuseReason: input.reason, handledBy: adminId, handledAt: new Date() })
    .where(and(eq(invoices.id, input.id), eq(invoices.status, INVOICE_STATUS.requested)))
    .returning({ id: invoices.id });
  if (!done) await stateRefusal(db, input.id);
  return { success: true, id: input.id, status: INVOICE_STATUS.refused };
}

async function stateRefusal(db: DbOrTx, id: number): Promise<never> {
  const [i] = await db.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, id)).limit(1);
  if (!i) throw notFound("发票申请不存在");
  throw fail(`该发票申请${INVOICE_STATUS_NAME[i.status]}，不能重复处理`);
}
