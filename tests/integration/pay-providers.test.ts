import { createSign, createVerify, generateKeyPairSync, randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { Aes } from "wechatpay-axios-plugin";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "@db/client";
import { ORDER_STATUS, orders, paymentNotifications, userCourses } from "@db/schema";
import { resetEnvCache } from "@base/env.server";
import { receiveNotification, reconcile, refundOrder } from "@trpc-app/order/payment.service";
import { registerProvider } from "@trpc-app/order/providers";
import { alipayProvider } from "@trpc-app/order/providers/alipay";
import { NotificationRefused, type IncomingNotification, type PaymentProvider } from "@trpc-app/order/providers/provider";
import { utf8Prefix, wechatProvider } from "@trpc-app/order/providers/wechat";
import { createCourse } from "../factories/course";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { describeEachDb } from "../helpers/db";

/**
 * WeChat Pay (API v3, Native) and Alipay (face-to-face precreate) adapters against stand-ins of the
 * two providers' servers on 127.0.0.1: real key pairs, real signatures both ways, real encryption of
 * WeChat's notification resource; then the order flow on a real database through each of them.
 */

// ---------------------------------------------------------------- keys and small helpers

const rsaKeys = (privateType: "pkcs1" | "pkcs8" = "pkcs8") =>
  generateKeyPairSync("rsa", { modulusLength: 2048, publicKeyEncoding: { type: "spki", format: "pem" }, privateKeyEncoding: { type: privateType, format: "pem" } });

/** WeChat Pay: the merchant's key (requests) and the platform's key (answers and notifications). */
const merchantKeys = rsaKeys("pkcs8");
const platformKeys = rsaKeys("pkcs8");
/** Alipay: the app's key (requests, PKCS#1 as the Alipay key tool hands it out) and Alipay's key (answers, notifications). */
const appKeys = rsaKeys("pkcs1");
const alipayKeys = rsaKeys("pkcs8");

const rsaSign = (text: string, privateKey: string) => createSign("RSA-SHA256").update(text, "utf8").sign(privateKey, "base64");
const rsaVerify = (text: string, signature: string, publicKey: string) => {
  try {
    return createVerify("RSA-SHA256").update(text, "utf8").verify(publicKey, signature, "base64");
  } catch {
    return false;
  }
};

/** "YYYY-MM-DDTHH:mm:ss" in China time. */
const chinaClock = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19);
const rfc3339China = (d: Date) => `${chinaClock(d)}+08:00`;
const alipayTime = (d: Date) => chinaClock(d).replace("T", " ");
/** Now, to the second (the providers' clocks carry no milliseconds). */
const wholeSecond = (offsetMs = 0) => new Date(Math.floor((Date.now() + offsetMs) / 1000) * 1000);

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>) {
  const server = createServer((req, res) => {
    handler(req, res).catch((e: unknown) => {
      res.writeHead(500, { "content-type": "text/plain" });
      res.end(String(e));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function shut(server: Server | undefined) {
  if (!server) return;
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

// ---------------------------------------------------------------- WeChat Pay stand-in

const WX = {
  appId: "wx2421b1c4370ec43b",
  mchId: "1900000109",
  serial: "3775B6A45ACD588826D15E583A95F5DD9C9F7BE1",
  platformSerial: "5157F09EFDC096DE15EBE81A47057A7232F1B8E1",
  apiV3Key: randomBytes(16).toString("hex"),
  notifyUrl: "https://learn.caiyun.test/api/pay/notify/wechat",
};

interface WxTrade {
  total: number;
  state: "NOTPAY" | "SUCCESS" | "CLOSED";
  codeUrl: string;
  transactionId?: string;
  successTime?: string;
}
interface WxRequest {
  method: string;
  path: string;
  search: string;
  body: string;
  authorization: string;
  /** The Authorization header verified with the merchant's public key, for this mchid and serial. */
  merchantSigned: boolean;
}

const wx = {
  requests: [] as WxRequest[],
  trades: new Map<string, WxTrade>(),
  /** The key the stand-in signs its answers with: the platform's, or another to forge one. */
  signWith: platformKeys.privateKey,
  refundRefused: false,
  reset() {
    this.requests = [];
    this.trades.clear();
    this.signWith = platformKeys.privateKey;
    this.refundRefused = false;
  },
  /** The learner scans and pays: the trade is SUCCESS from now on. */
  pay(tradeNo: string, transactionId = `42000${randomDigits(23)}`, at = wholeSecond()) {
    const t = this.trades.get(tradeNo)!;
    Object.assign(t, { state: "SUCCESS", transactionId, successTime: rfc3339China(at) });
    return { transactionId, at };
  },
  of(path: string) {
    return this.requests.filter((r) => r.path.startsWith(path));
  },
};

function randomDigits(n: number) {
  let s = "";
  while (s.length < n) s += String(randomBytes(4).readUInt32BE() % 1_000_000_000).padStart(9, "0");
  return s.slice(0, n);
}

function merchantSigned(method: string, uri: string, body: string, authorization: string) {
  if (!authorization.startsWith("WECHATPAY2-SHA256-RSA2048 ")) return false;
  const f = Object.fromEntries([...authorization.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
  if (f.mchid !== WX.mchId || f.serial_no !== WX.serial || !f.timestamp || !f.nonce_str || !f.signature) return false;
  return rsaVerify(`${method}\n${uri}\n${f.timestamp}\n${f.nonce_str}\n${body}\n`, f.signature, merchantKeys.publicKey);
}

function wxTransaction(tradeNo: string, total: number, transactionId: string, at: Date, patch: Record<string, unknown> = {}) {
  return {
    appid: WX.appId,
    mchid: WX.mchId,
    out_trade_no: tradeNo,
    transaction_id: transactionId,
    trade_type: "NATIVE",
    trade_state: "SUCCESS",
    trade_state_desc: "支付成功",
    bank_type: "OTHERS",
    attach: "",
    success_time: rfc3339China(at),
    payer: { openid: "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o" },
    amount: { total, payer_total: total, currency: "CNY", payer_currency: "CNY" },
    ...patch,
  };
}

async function wechatStandIn(req: IncomingMessage, res: ServerResponse) {
  const body = await readBody(req);
  const uri = req.url ?? "/";
  const url = new URL(uri, "http://stand-in");
  const authorization = req.headers.authorization ?? "";
  const signed = merchantSigned(req.method ?? "", uri, body, authorization);
  wx.requests.push({ method: req.method ?? "", path: url.pathname, search: url.search, body, authorization, merchantSigned: signed });
  const answer = (status: number, payload?: unknown) => {
    const text = payload === undefined ? "" : JSON.stringify(payload);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString("hex");
    res.writeHead(status, {
      ...(text ? { "content-type": "application/json; charset=utf-8" } : {}),
      "Request-ID": randomUUID(),
      "Wechatpay-Timestamp": timestamp,
      "Wechatpay-Nonce": nonce,
      "Wechatpay-Serial": WX.platformSerial,
      "Wechatpay-Signature": rsaSign(`${timestamp}\n${nonce}\n${text}\n`, wx.signWith),
    });
    res.end(text);
  };
  if (!signed) return answer(401, { code: "SIGN_ERROR", message: "签名错误" });

  if (req.method === "POST" && url.pathname === "/v3/pay/transactions/native") {
    const b = JSON.parse(body) as { out_trade_no: string; amount: { total: number } };
    const codeUrl = `weixin://wxpay/bizpayurl?pr=${randomBytes(5).toString("hex")}`;
    wx.trades.set(b.out_trade_no, { total: b.amount.total, state: "NOTPAY", codeUrl });
    return answer(200, { code_url: codeUrl });
  }
  const trade = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(url.pathname);
  if (trade) {
    const tradeNo = decodeURIComponent(trade[1]!);
    const t = wx.trades.get(tradeNo);
    if (trade[2]) {
      if (req.method !== "POST" || (JSON.parse(body) as { mchid?: string }).mchid !== WX.mchId) return answer(400, { code: "PARAM_ERROR", message: "参数错误" });
      if (t?.state === "SUCCESS") return answer(400, { code: "ORDERPAID", message: "订单已支付" });
      if (t) t.state = "CLOSED";
      return answer(204);
    }
    if (req.method !== "GET" || url.searchParams.get("mchid") !== WX.mchId) return answer(400, { code: "PARAM_ERROR", message: "参数错误" });
    if (!t) return answer(404, { code: "ORDER_NOT_EXIST", message: "订单不存在" });
    const desc = { NOTPAY: "订单未支付", SUCCESS: "支付成功", CLOSED: "订单已关闭" }[t.state];
    return answer(200, {
      appid: WX.appId,
      mchid: WX.mchId,
      out_trade_no: tradeNo,
      trade_state: t.state,
      trade_state_desc: desc,
      ...(t.state === "SUCCESS"
        ? { transaction_id: t.transactionId, trade_type: "NATIVE", bank_type: "OTHERS", success_time: t.successTime, payer: { openid: "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o" } }
        : {}),
      amount: t.state === "SUCCESS" ? { total: t.total, payer_total: t.total, currency: "CNY", payer_currency: "CNY" } : { total: t.total, currency: "CNY" },
    });
  }
  if (req.method === "POST" && url.pathname === "/v3/refund/domestic/refunds") {
    if (wx.refundRefused) return answer(403, { code: "NOT_ENOUGH", message: "基本账户余额不足，请充值后重新发起" });
    const b = JSON.parse(body) as { out_trade_no: string; out_refund_no: string; amount: { refund: number; total: number } };
    const t = wx.trades.get(b.out_trade_no);
    if (!t || t.state !== "SUCCESS") return answer(404, { code: "RESOURCE_NOT_EXISTS", message: "订单不存在" });
    return answer(200, {
      refund_id: `50000${randomDigits(24)}`,
      out_refund_no: b.out_refund_no,
      transaction_id: t.transactionId,
      out_trade_no: b.out_trade_no,
      channel: "ORIGINAL",
      user_received_account: "支付用户零钱",
      status: "PROCESSING",
      create_time: rfc3339China(new Date()),
      amount: { total: b.amount.total, refund: b.amount.refund, payer_total: b.amount.total, payer_refund: b.amount.refund, currency: "CNY" },
    });
  }
  return answer(404, { code: "NOT_FOUND", message: "接口不存在" });
}

/** A notification as WeChat Pay sends it: the transaction encrypted with the API v3 key, the body signed with the platform key. */
function wechatNotification(
  transaction: unknown,
  opts: { eventType?: string; timestamp?: number; serial?: string; signWith?: string; apiV3Key?: string; tamperCiphertext?: boolean; rawBody?: string } = {},
): IncomingNotification {
  const resourceNonce = randomBytes(6).toString("hex");
  let ciphertext = Aes.AesGcm.encrypt(JSON.stringify(transaction), opts.apiV3Key ?? WX.apiV3Key, resourceNonce, "transaction");
  if (opts.tamperCiphertext) {
    const bytes = Buffer.from(ciphertext, "base64");
    bytes[3] ^= 0x01;
    ciphertext = bytes.toString("base64");
  }
  const body =
    opts.rawBody ??
    JSON.stringify({
      id: randomUUID(),
      create_time: rfc3339China(new Date()),
      resource_type: "encrypt-resource",
      event_type: opts.eventType ?? "TRANSACTION.SUCCESS",
      summary: "支付成功",
      resource: { original_type: "transaction", algorithm: "AEAD_AES_256_GCM", ciphertext, associated_data: "transaction", nonce: resourceNonce },
    });
  const timestamp = String(opts.timestamp ?? Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString("hex");
  return {
    headers: {
      "content-type": "application/json",
      "wechatpay-timestamp": timestamp,
      "wechatpay-nonce": nonce,
      "wechatpay-serial": opts.serial ?? WX.platformSerial,
      "wechatpay-signature-type": "WECHATPAY2-SHA256-RSA2048",
      "wechatpay-signature": rsaSign(`${timestamp}\n${nonce}\n${body}\n`, opts.signWith ?? platformKeys.privateKey),
    },
    body,
  };
}

// ---------------------------------------------------------------- Alipay stand-in

const ALI = {
  appId: "2021004143600001",
  notifyUrl: "https://learn.caiyun.test/api/pay/notify/alipay",
  sellerId: "2088102177846880",
};

interface AliTrade {
  tradeNo: string;
  status: "WAIT_BUYER_PAY" | "TRADE_SUCCESS" | "TRADE_CLOSED";
  totalAmount: string;
  sendPayDate?: string;
}
interface AliRequest {
  method: string;
  /** Everything sent, from the query string and the form body. */
  params: Record<string, string>;
  biz: Record<string, unknown>;
  contentType: string;
  /** The request's sign verified with the app's public key over the sorted parameters. */
  appSigned: boolean;
}

const ali = {
  requests: [] as AliRequest[],
  /** Amounts the precreate asked for, by trade number (Alipay knows no trade before it is scanned). */
  precreated: new Map<string, { totalAmount: string; qrCode: string }>(),
  trades: new Map<string, AliTrade>(),
  signWith: alipayKeys.privateKey,
  refundRefused: false,
  reset() {
    this.requests = [];
    this.precreated.clear();
    this.trades.clear();
    this.signWith = alipayKeys.privateKey;
    this.refundRefused = false;
  },
  /** The learner scans the code: the trade exists, waiting for payment. */
  scan(tradeNo: string) {
    const p = this.precreated.get(tradeNo)!;
    const t: AliTrade = { tradeNo: `2026${randomDigits(24)}`, status: "WAIT_BUYER_PAY", totalAmount: p.totalAmount };
    this.trades.set(tradeNo, t);
    return t;
  },
  pay(tradeNo: string, at = wholeSecond()) {
    const t = this.trades.get(tradeNo) ?? this.scan(tradeNo);
    Object.assign(t, { status: "TRADE_SUCCESS", sendPayDate: alipayTime(at) });
    return { tradeNo: t.tradeNo, at };
  },
  of(method: string) {
    return this.requests.filter((r) => r.method === method);
  },
};

const sortedPairs = (fields: Record<string, string>) =>
  Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join("&");

async function alipayStandIn(req: IncomingMessage, res: ServerResponse) {
  const body = await readBody(req);
  const url = new URL(req.url ?? "/", "http://stand-in");
  const params: Record<string, string> = Object.fromEntries([...url.searchParams, ...new URLSearchParams(body)]);
  const { sign, ...signed } = params;
  const appSigned = !!sign && params.sign_type === "RSA2" && rsaVerify(sortedPairs(signed), sign, appKeys.publicKey);
  const method = params.method ?? "";
  let biz: Record<string, unknown> = {};
  try {
    biz = JSON.parse(params.biz_content ?? "{}") as Record<string, unknown>;
  } catch {}
  ali.requests.push({ method, params, biz, contentType: String(req.headers["content-type"] ?? ""), appSigned });
  const answer = (result: Record<string, unknown>) => {
    const inner = JSON.stringify(result);
    const text = `{"${method.replaceAll(".", "_")}_response":${inner},"sign":"${rsaSign(inner, ali.signWith)}"}`;
    res.writeHead(200, { "content-type": "application/json;charset=utf-8" });
    res.end(text);
  };
  const notExist = { code: "40004", msg: "Business Failed", sub_code: "ACQ.TRADE_NOT_EXIST", sub_msg: "交易不存在" };
  if (!appSigned || params.app_id !== ALI.appId)
    return answer({ code: "40002", msg: "Invalid Arguments", sub_code: "isv.invalid-signature", sub_msg: "验签出错，建议检查签名字符串或签名私钥与应用公钥是否匹配" });
  const outTradeNo = String(biz.out_trade_no ?? "");
  const t = ali.trades.get(outTradeNo);
  switch (method) {
    case "alipay.trade.precreate": {
      const qrCode = `https://qr.alipay.com/bax0${randomBytes(8).toString("hex")}`;
      ali.precreated.set(outTradeNo, { totalAmount: String(biz.total_amount), qrCode });
      return answer({ code: "10000", msg: "Success", out_trade_no: outTradeNo, qr_code: qrCode });
    }
    case "alipay.trade.query":
      if (!t) return answer(notExist);
      return answer({
        code: "10000",
        msg: "Success",
        buyer_logon_id: "wxw***@163.com",
        buyer_pay_amount: t.status === "TRADE_SUCCESS" ? t.totalAmount : "0.00",
        out_trade_no: outTradeNo,
        ...(t.sendPayDate ? { send_pay_date: t.sendPayDate } : {}),
        total_amount: t.totalAmount,
        trade_no: t.tradeNo,
        trade_status: t.status,
      });
    case "alipay.trade.close":
      if (!t) return answer(notExist);
      if (t.status === "TRADE_SUCCESS") return answer({ code: "40004", msg: "Business Failed", sub_code: "ACQ.TRADE_STATUS_ERROR", sub_msg: "交易状态不合法" });
      t.status = "TRADE_CLOSED";
      return answer({ code: "10000", msg: "Success", out_trade_no: outTradeNo, trade_no: t.tradeNo });
    case "alipay.trade.refund":
      if (ali.refundRefused) return answer({ code: "40004", msg: "Business Failed", sub_code: "ACQ.SELLER_BALANCE_NOT_ENOUGH", sub_msg: "卖家余额不足" });
      if (!t || t.status !== "TRADE_SUCCESS") return answer(notExist);
      return answer({ code: "10000", msg: "Success", buyer_logon_id: "wxw***@163.com", fund_change: "Y", out_trade_no: outTradeNo, refund_fee: String(biz.refund_amount), trade_no: t.tradeNo });
    default:
      return answer({ code: "40004", msg: "Business Failed", sub_code: "isv.invalid-method", sub_msg: "不存在的方法名" });
  }
}

/** A notification as Alipay posts it: a form, RSA2 over the sorted fields without sign and sign_type, with Alipay's key. */
function alipayNotification(
  fields: { out_trade_no: string; trade_no: string; total_amount: string; gmt_payment?: string } & Record<string, string>,
  opts: { signWith?: string; afterSigning?: Record<string, string>; omitSign?: boolean } = {},
): IncomingNotification {
  const now = new Date();
  const all: Record<string, string> = {
    notify_time: alipayTime(now),
    notify_type: "trade_status_sync",
    notify_id: `2026${randomBytes(12).toString("hex")}`,
    charset: "utf-8",
    version: "1.0",
    app_id: ALI.appId,
    auth_app_id: ALI.appId,
    trade_status: "TRADE_SUCCESS",
    receipt_amount: fields.total_amount,
    buyer_pay_amount: fields.total_amount,
    invoice_amount: fields.total_amount,
    point_amount: "0.00",
    subject: "政府采购合同管理实务",
    gmt_create: alipayTime(new Date(now.getTime() - 60_000)),
    gmt_payment: alipayTime(now),
    seller_id: ALI.sellerId,
    buyer_id: "2088102177846881",
    fund_bill_list: JSON.stringify([{ amount: fields.total_amount, fundChannel: "ALIPAYACCOUNT" }]),
    ...fields,
  };
  const sign = rsaSign(sortedPairs(all), opts.signWith ?? alipayKeys.privateKey);
  const form = new URLSearchParams({ ...all, sign_type: "RSA2", ...(opts.omitSign ? {} : { sign }), ...opts.afterSigning });
  return { headers: { "content-type": "application/x-www-form-urlencoded; charset=utf-8" }, body: form.toString() };
}

// ---------------------------------------------------------------- the stand-ins and the adapters

let wechatServer: Server | undefined;
let alipayServer: Server | undefined;
let wechatBase = "";
let alipayGateway = "";

const wechatConfig = () => ({
  appId: WX.appId,
  mchId: WX.mchId,
  serial: WX.serial,
  privateKey: merchantKeys.privateKey,
  platformSerial: WX.platformSerial,
  platformPublicKey: platformKeys.publicKey,
  apiV3Key: WX.apiV3Key,
  notifyUrl: WX.notifyUrl,
  baseUrl: wechatBase,
});
const alipayConfig = () => ({ appId: ALI.appId, privateKey: appKeys.privateKey, alipayPublicKey: alipayKeys.publicKey, notifyUrl: ALI.notifyUrl, gateway: alipayGateway });

let wechat: PaymentProvider;
let alipay: PaymentProvider;

beforeAll(async () => {
  const w = await listen(wechatStandIn);
  const a = await listen(alipayStandIn);
  wechatServer = w.server;
  alipayServer = a.server;
  wechatBase = `${w.url}/`;
  alipayGateway = `${a.url}/gateway.do`;
  wechat = wechatProvider(wechatConfig());
  alipay = alipayProvider(alipayConfig());
});

afterAll(async () => {
  await Promise.all([shut(wechatServer), shut(alipayServer)]);
});

beforeEach(() => {
  wx.reset();
  ali.reset();
});

/** The reason a notification was refused (fails the test when it was believed). */
async function refusal(p: Promise<unknown>) {
  try {
    await p;
  } catch (e) {
    if (e instanceof NotificationRefused) return e.message;
    throw e;
  }
  throw new Error("expected the notification to be refused, but it was believed");
}

const anOrder = (tradeNo: string, payAmount = 19_900) => ({ tradeNo, payAmount, goodsName: "政府采购合同管理实务", expiresAt: new Date(Date.now() + 30 * 60_000) });
const aTradeNo = () => `CY${chinaClock(new Date()).replace(/\D/g, "")}${randomDigits(6)}`;

// ---------------------------------------------------------------- WeChat Pay adapter

describe("WeChat Pay adapter (API v3 Native) against a stand-in", () => {
  it("creates a Native payment with a merchant-signed request and answers the code_url", async () => {
    const tradeNo = aTradeNo();
    const order = anOrder(tradeNo);
    const { payUrl } = await wechat.createPayment(order, "https://learn.caiyun.test");
    expect(payUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=\w+$/);
    expect(payUrl).toBe(wx.trades.get(tradeNo)!.codeUrl);
    const [req] = wx.of("/v3/pay/transactions/native");
    expect(req!.method).toBe("POST");
    expect(req!.authorization.startsWith("WECHATPAY2-SHA256-RSA2048 ")).toBe(true);
    expect(req!.merchantSigned).toBe(true);
    const body = JSON.parse(req!.body) as Record<string, unknown>;
    expect(body).toEqual({
      appid: WX.appId,
      mchid: WX.mchId,
      description: "政府采购合同管理实务",
      out_trade_no: tradeNo,
      time_expire: rfc3339China(order.expiresAt),
      notify_url: WX.notifyUrl,
      amount: { total: 19_900, currency: "CNY" },
    });
    expect(body.time_expire).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/);
  });

  it("cuts a long Chinese goods name to WeChat Pay's 127 bytes of UTF-8 without splitting a character", async () => {
    // 2 + 3 × 53 bytes: the 127th byte falls inside the 42nd Chinese character, which is left out whole
    // (a cut at 120 characters would send all 161 bytes).
    const name = `AB${"政府采购合同管理实务与典型案例精讲".repeat(3)}${"财".repeat(2)}`;
    expect(Buffer.byteLength(name)).toBe(161);
    const tradeNo = aTradeNo();
    await wechat.createPayment({ ...anOrder(tradeNo), goodsName: name }, "");
    const description = (JSON.parse(wx.of("/v3/pay/transactions/native")[0]!.body) as { description: string }).description;
    expect(Buffer.byteLength(description, "utf8")).toBe(125);
    expect(description).toBe(name.slice(0, 43));
    expect(name.startsWith(description)).toBe(true);
    expect(description).not.toContain("\uFFFD");
    // A four-byte character (which API v3 does not take) is left out rather than cut in half.
    expect(utf8Prefix("📘政府采购", 127)).toBe("政府采购");
    expect(utf8Prefix("政府采购", 10)).toBe("政府采");
    expect(utf8Prefix("abc", 127)).toBe("abc");
  });

  it("queries by out_trade_no: unpaid and unknown trades are no payment, a paid one is, in cents with the transaction_id", async () => {
    const tradeNo = aTradeNo();
    await wechat.createPayment(anOrder(tradeNo), "");
    expect(await wechat.query(tradeNo)).toBeNull();
    expect(await wechat.query(aTradeNo())).toBeNull();
    const { transactionId, at } = wx.pay(tradeNo);
    expect(await wechat.query(tradeNo)).toEqual({ tradeNo, providerTradeNo: transactionId, amount: 19_900, paidAt: at });
    const queries = wx.of("/v3/pay/transactions/out-trade-no/");
    expect(queries).toHaveLength(3);
    expect(queries.every((q) => q.method === "GET" && q.search === `?mchid=${WX.mchId}` && q.merchantSigned)).toBe(true);
    expect(queries[2]!.path).toBe(`/v3/pay/transactions/out-trade-no/${tradeNo}`);
  });

  it("believes no answer the platform key did not sign: a forged SUCCESS is no payment, a forged code_url is an error", async () => {
    const tradeNo = aTradeNo();
    await wechat.createPayment(anOrder(tradeNo), "");
    wx.pay(tradeNo);
    wx.signWith = merchantKeys.privateKey;
    expect(await wechat.query(tradeNo)).toBeNull();
    await expect(wechat.createPayment(anOrder(aTradeNo()), "")).rejects.toThrow();
    // The same answer properly signed is believed.
    wx.signWith = platformKeys.privateKey;
    expect(await wechat.query(tradeNo)).toMatchObject({ tradeNo, amount: 19_900 });
  });

  it("closes a trade (204) and refunds through the refund endpoint; the provider's refusal is the error's message", async () => {
    const open = aTradeNo();
    await wechat.createPayment(anOrder(open), "");
    await wechat.close(open);
    expect(wx.trades.get(open)!.state).toBe("CLOSED");
    const [close] = wx.of(`/v3/pay/transactions/out-trade-no/${open}/close`);
    expect([close!.method, JSON.parse(close!.body), close!.merchantSigned]).toEqual(["POST", { mchid: WX.mchId }, true]);

    const paid = aTradeNo();
    await wechat.createPayment(anOrder(paid), "");
    wx.pay(paid);
    await expect(wechat.close(paid)).rejects.toThrow("订单已支付");
    await wechat.refund({ tradeNo: paid, refundNo: `RF${paid.slice(2)}`, amount: 19_900, total: 19_900, reason: "课程内容与需求不符" });
    const [refund] = wx.of("/v3/refund/domestic/refunds");
    expect(refund!.merchantSigned).toBe(true);
    expect(JSON.parse(refund!.body)).toEqual({
      out_trade_no: paid,
      out_refund_no: `RF${paid.slice(2)}`,
      reason: "课程内容与需求不符",
      amount: { refund: 19_900, total: 19_900, currency: "CNY" },
    });
    wx.refundRefused = true;
    await expect(wechat.refund({ tradeNo: paid, refundNo: `RF${paid.slice(2)}`, amount: 19_900, total: 19_900, reason: "再退一次" })).rejects.toThrow(
      "基本账户余额不足，请充值后重新发起",
    );
  });

  it("takes a genuine notification: verified with the platform key, the resource decrypted with the API v3 key", async () => {
    const tradeNo = aTradeNo();
    const at = wholeSecond(-5_000);
    const n = wechatNotification(wxTransaction(tradeNo, 19_900, "4200002212202611261234567890", at));
    expect(await wechat.parseNotification(n)).toEqual({ tradeNo, providerTradeNo: "4200002212202611261234567890", amount: 19_900, paidAt: at });
    expect(wechat.notificationAnswer(true)).toEqual({ status: 204, body: "", contentType: "text/plain" });
    expect(wechat.notificationAnswer(false)).toMatchObject({ status: 400, contentType: "application/json" });
    expect(JSON.parse(wechat.notificationAnswer(false).body)).toMatchObject({ code: "FAIL" });
  });

  it("refuses notifications that are forged, replayed, tampered with or not a payment", async () => {
    const tradeNo = aTradeNo();
    const tx = wxTransaction(tradeNo, 19_900, "4200002212202611261234567891", wholeSecond());
    const genuine = wechatNotification(tx);
    const nowSeconds = Math.floor(Date.now() / 1000);

    // Signed by someone else, or the body changed after signing.
    expect(await refusal(wechat.parseNotification(wechatNotification(tx, { signWith: merchantKeys.privateKey })))).toBe("签名校验失败");
    expect(await refusal(wechat.parseNotification({ ...genuine, body: genuine.body.replace("encrypt-resource", "encrypt-resourcf") }))).toBe("签名校验失败");
    expect(await refusal(wechat.parseNotification({ ...genuine, headers: { ...genuine.headers, "wechatpay-signature": "" } }))).toBe("签名校验失败");
    // A serial the merchant does not know (another platform certificate).
    expect(await refusal(wechat.parseNotification(wechatNotification(tx, { serial: "6C6E5B8F0A0F1B5A6B0E8D2C1F3A4B5C6D7E8F90" })))).toBe("签名校验失败");
    // Stamped ten minutes ago, and a captured genuine one replayed ten minutes later.
    expect(await refusal(wechat.parseNotification(wechatNotification(tx, { timestamp: nowSeconds - 600 })))).toBe("通知已过期");
    const tenMinutesLater = wechatProvider(wechatConfig(), () => Date.now() + 600_000);
    expect(await refusal(tenMinutesLater.parseNotification(genuine))).toBe("通知已过期");
    // Within the allowed skew it is still taken.
    expect(await wechat.parseNotification(wechatNotification(tx, { timestamp: nowSeconds - 240 }))).toMatchObject({ tradeNo, amount: 19_900 });
    // The ciphertext tampered with (the signature made over the tampered body), or encrypted with another key.
    expect(await refusal(wechat.parseNotification(wechatNotification(tx, { tamperCiphertext: true })))).toBe("通知内容解密失败");
    expect(await refusal(wechat.parseNotification(wechatNotification(tx, { apiV3Key: randomBytes(16).toString("hex") })))).toBe("通知内容解密失败");
    // Signed and readable, but not a successful payment of this merchant.
    expect(await refusal(wechat.parseNotification(wechatNotification(tx, { eventType: "REFUND.SUCCESS" })))).toBe("不是支付成功通知");
    expect(await refusal(wechat.parseNotification(wechatNotification({ ...tx, trade_state: "NOTPAY" })))).toBe("交易未成功");
    expect(await refusal(wechat.parseNotification(wechatNotification({ ...tx, mchid: "1900000110" })))).toBe("交易未成功");
    expect(await refusal(wechat.parseNotification(wechatNotification(tx, { rawBody: "<xml>not json</xml>" })))).toBe("通知内容无法解析");

    // The genuine one, untouched, is still believed.
    expect(await wechat.parseNotification(genuine)).toMatchObject({ tradeNo, providerTradeNo: "4200002212202611261234567891" });
  });
});

// ---------------------------------------------------------------- Alipay adapter

describe("Alipay adapter (alipay.trade.*) against a stand-in gateway", () => {
  it("precreates with an app-signed request and answers the qr_code", async () => {
    const tradeNo = aTradeNo();
    const order = anOrder(tradeNo);
    const { payUrl } = await alipay.createPayment(order, "");
    expect(payUrl).toBe(ali.precreated.get(tradeNo)!.qrCode);
    const [req] = ali.of("alipay.trade.precreate");
    expect(req!.appSigned).toBe(true);
    expect(req!.params).toMatchObject({ app_id: ALI.appId, method: "alipay.trade.precreate", sign_type: "RSA2", charset: "utf-8", version: "1.0", notify_url: ALI.notifyUrl });
    expect(req!.biz).toEqual({ out_trade_no: tradeNo, total_amount: "199.00", subject: "政府采购合同管理实务", time_expire: alipayTime(order.expiresAt) });
    expect(req!.biz.time_expire).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it("queries: not scanned and waiting are no payment, a paid one is, yuan read as cents", async () => {
    const tradeNo = aTradeNo();
    await alipay.createPayment(anOrder(tradeNo, 19_990), "");
    expect(await alipay.query(tradeNo)).toBeNull();
    ali.scan(tradeNo);
    expect(await alipay.query(tradeNo)).toBeNull();
    const { tradeNo: alipayTradeNo, at } = ali.pay(tradeNo);
    expect(await alipay.query(tradeNo)).toEqual({ tradeNo, providerTradeNo: alipayTradeNo, amount: 19_990, paidAt: at });
    const queries = ali.of("alipay.trade.query");
    expect(queries).toHaveLength(3);
    expect(queries.every((q) => q.appSigned && q.biz.out_trade_no === tradeNo)).toBe(true);
  });

  it("believes no answer Alipay's key did not sign", async () => {
    const tradeNo = aTradeNo();
    await alipay.createPayment(anOrder(tradeNo), "");
    ali.pay(tradeNo);
    ali.signWith = appKeys.privateKey;
    expect(await alipay.query(tradeNo)).toBeNull();
    await expect(alipay.createPayment(anOrder(aTradeNo()), "")).rejects.toThrow();
    ali.signWith = alipayKeys.privateKey;
    expect(await alipay.query(tradeNo)).toMatchObject({ tradeNo, amount: 19_900 });
  });

  it("closes (a never-scanned trade is nothing to close) and refunds; a refusal is the error's message", async () => {
    const unscanned = aTradeNo();
    await alipay.createPayment(anOrder(unscanned), "");
    await alipay.close(unscanned);
    const scanned = aTradeNo();
    await alipay.createPayment(anOrder(scanned), "");
    ali.scan(scanned);
    await alipay.close(scanned);
    expect(ali.trades.get(scanned)!.status).toBe("TRADE_CLOSED");
    const paid = aTradeNo();
    await alipay.createPayment(anOrder(paid), "");
    ali.pay(paid);
    await expect(alipay.close(paid)).rejects.toThrow("交易状态不合法");
    await alipay.refund({ tradeNo: paid, refundNo: `RF${paid.slice(2)}`, amount: 19_900, total: 19_900, reason: "课程内容与需求不符" });
    const [refund] = ali.of("alipay.trade.refund");
    expect(refund!.appSigned).toBe(true);
    expect(refund!.biz).toEqual({ out_trade_no: paid, refund_amount: "199.00", out_request_no: `RF${paid.slice(2)}`, refund_reason: "课程内容与需求不符" });
    ali.refundRefused = true;
    await expect(alipay.refund({ tradeNo: paid, refundNo: `RF${paid.slice(2)}`, amount: 19_900, total: 19_900, reason: "再退一次" })).rejects.toThrow("卖家余额不足");
  });

  it("takes a genuine notification (checkNotifySignV2 over the sorted fields) as cents", async () => {
    const tradeNo = aTradeNo();
    const at = wholeSecond(-3_000);
    const n = alipayNotification({ out_trade_no: tradeNo, trade_no: "2026112622001446881412345678", total_amount: "199.00", gmt_payment: alipayTime(at) });
    expect(await alipay.parseNotification(n)).toEqual({ tradeNo, providerTradeNo: "2026112622001446881412345678", amount: 19_900, paidAt: at });
    const finished = alipayNotification({ out_trade_no: tradeNo, trade_no: "2026112622001446881412345678", total_amount: "199.00", trade_status: "TRADE_FINISHED" });
    expect(await alipay.parseNotification(finished)).toMatchObject({ amount: 19_900 });
    expect(alipay.notificationAnswer(true)).toEqual({ status: 200, body: "success", contentType: "text/plain" });
    expect(alipay.notificationAnswer(false)).toEqual({ status: 200, body: "fail", contentType: "text/plain" });
  });

  it("refuses notifications with a wrong signature, another app_id or an unpaid trade", async () => {
    const fields = { out_trade_no: aTradeNo(), trade_no: "2026112622001446881412345679", total_amount: "199.00" };
    expect(await refusal(alipay.parseNotification(alipayNotification(fields, { signWith: appKeys.privateKey })))).toBe("签名校验失败");
    expect(await refusal(alipay.parseNotification(alipayNotification(fields, { afterSigning: { total_amount: "0.01" } })))).toBe("签名校验失败");
    expect(await refusal(alipay.parseNotification(alipayNotification(fields, { omitSign: true })))).toBe("签名校验失败");
    expect(await refusal(alipay.parseNotification({ headers: {}, body: "" }))).toBe("签名校验失败");
    expect(await refusal(alipay.parseNotification(alipayNotification({ ...fields, app_id: "2021004143600002" })))).toBe("应用ID不匹配");
    expect(await refusal(alipay.parseNotification(alipayNotification({ ...fields, trade_status: "WAIT_BUYER_PAY" })))).toBe("交易未成功");
    expect(await refusal(alipay.parseNotification(alipayNotification({ ...fields, trade_status: "TRADE_CLOSED" })))).toBe("交易未成功");
  });
});

// ---------------------------------------------------------------- the order flow through each adapter

async function paidCourse(db: Db, price = 19_900, name = "政府采购合同管理实务") {
  const { course } = await createCourse(db, { name, isFree: 0, price, scribingPrice: 29_900, learnHour: 6 });
  return course;
}

async function buyer(db: Db, nick = "王晓雯") {
  const user = await createUser(db, { nick });
  return { user, client: await signedInClient(db, user.id) };
}

const seat = async (db: Db, userId: number, courseId: number) =>
  (await db.select().from(userCourses).where(and(eq(userCourses.userId, userId), eq(userCourses.courseId, courseId))))[0];
const orderRow = async (db: Db, tradeNo: string) => (await db.select().from(orders).where(eq(orders.tradeNo, tradeNo)))[0]!;

/** Runs with PAYMENT_PROVIDER set, restoring what was there. */
async function withActiveProvider<T>(name: "wechat" | "alipay", fn: () => Promise<T>): Promise<T> {
  const before = process.env.PAYMENT_PROVIDER;
  process.env.PAYMENT_PROVIDER = name;
  resetEnvCache();
  try {
    return await fn();
  } finally {
    if (before === undefined) delete process.env.PAYMENT_PROVIDER;
    else process.env.PAYMENT_PROVIDER = before;
    resetEnvCache();
  }
}

describeEachDb("order flow through the WeChat Pay and Alipay adapters", (getDb) => {
  beforeAll(() => {
    registerProvider(wechat);
    registerProvider(alipay);
  });

  it("WeChat: the notification pays the order once and opens the seat; a replay, another amount and an unknown trade change nothing", async () => {
    const db = getDb();
    const course = await paidCourse(db);
    const { user, client } = await buyer(db);
    const trade = await withActiveProvider("wechat", () => client.call((c) => c.order.getTradeNo({ goodsType: 1, goodsId: course.id })));
    expect(trade).toMatchObject({ payAmount: 19_900, status: 0, payType: "wechat", payTypeName: "微信支付" });
    expect(trade.payUrl).toBe(wx.trades.get(trade.tradeNo)!.codeUrl);
    expect(trade.qrCode).toMatch(/^data:image\/png;base64,/);
    const [created] = wx.of("/v3/pay/transactions/native");
    expect(JSON.parse(created!.body)).toMatchObject({ out_trade_no: trade.tradeNo, notify_url: WX.notifyUrl, amount: { total: 19_900 }, description: "政府采购合同管理实务" });

    const at = wholeSecond(-2_000);
    const wrongAmount = wechatNotification(wxTransaction(trade.tradeNo, 1, "4200002212202611260000000001", at));
    expect(await receiveNotification(db, "wechat", wrongAmount)).toMatchObject({ ok: false, outcome: "refused", reason: "支付金额与订单金额不符" });
    const unknown = wechatNotification(wxTransaction("CY20261126000000000000", 19_900, "4200002212202611260000000002", at));
    expect(await receiveNotification(db, "wechat", unknown)).toMatchObject({ ok: false, outcome: "refused", reason: "订单不存在" });
    const forged = wechatNotification(wxTransaction(trade.tradeNo, 19_900, "4200002212202611260000000003", at), { signWith: merchantKeys.privateKey });
    expect(await receiveNotification(db, "wechat", forged)).toMatchObject({ ok: false, outcome: "refused", reason: "签名校验失败" });
    expect((await orderRow(db, trade.tradeNo)).status).toBe(ORDER_STATUS.unpaid);
    expect(await seat(db, user.id, course.id)).toBeUndefined();

    const genuine = wechatNotification(wxTransaction(trade.tradeNo, 19_900, "4200002212202611261111111111", at));
    const first = await receiveNotification(db, "wechat", genuine);
    expect(first).toMatchObject({ ok: true, outcome: "applied" });
    expect(first.provider!.notificationAnswer(first.ok).status).toBe(204);
    expect(await receiveNotification(db, "wechat", genuine)).toMatchObject({ ok: true, outcome: "replayed" });
    expect(await orderRow(db, trade.tradeNo)).toMatchObject({ status: ORDER_STATUS.paid, provider: "wechat", providerTradeNo: "4200002212202611261111111111", paidAt: at });
    expect(await seat(db, user.id, course.id)).toMatchObject({ payStatus: 1, source: "order" });
    expect(await db.select().from(userCourses).where(eq(userCourses.userId, user.id))).toHaveLength(1);
    const recorded = await db.select().from(paymentNotifications);
    expect(recorded.map((r) => [r.provider, r.outcome]).sort()).toEqual([
      ["wechat", "applied"],
      ["wechat", "refused"],
      ["wechat", "refused"],
    ]);
    expect(await client.call((c) => c.order.getOrderStatus({ tradeNo: trade.tradeNo }))).toMatchObject({ status: 1, isPay: 1 });
  });

  it("WeChat: without a notification, the poll and the reconciliation take the payment from the query answer; a forged answer is not believed", async () => {
    const db = getDb();
    const course = await paidCourse(db);
    const { user, client } = await buyer(db);
    const trade = await withActiveProvider("wechat", () => client.call((c) => c.order.getTradeNo({ goodsType: 1, goodsId: course.id })));
    const queries = () => wx.of(`/v3/pay/transactions/out-trade-no/${trade.tradeNo}`).filter((r) => r.method === "GET").length;

    // The waiting page's first poll asks WeChat Pay: not paid yet.
    expect(await client.call((c) => c.order.getOrderStatus({ tradeNo: trade.tradeNo }))).toMatchObject({ status: 0, isPay: 0 });
    expect(queries()).toBe(1);
    const { transactionId, at } = wx.pay(trade.tradeNo);
    // A poll right after is throttled (one query per trade every 3 s): no second query yet.
    expect(await client.call((c) => c.order.getOrderStatus({ tradeNo: trade.tradeNo }))).toMatchObject({ status: 0 });
    expect(queries()).toBe(1);

    // An answer the platform did not sign is not believed.
    wx.signWith = merchantKeys.privateKey;
    expect(await reconcile(db, await orderRow(db, trade.tradeNo))).toBe(false);
    expect((await orderRow(db, trade.tradeNo)).status).toBe(ORDER_STATUS.unpaid);
    wx.signWith = platformKeys.privateKey;

    expect(await reconcile(db, await orderRow(db, trade.tradeNo))).toBe(true);
    expect(queries()).toBe(3);
    expect(await orderRow(db, trade.tradeNo)).toMatchObject({ status: ORDER_STATUS.paid, provider: "wechat", providerTradeNo: transactionId, paidAt: at });
    expect(await seat(db, user.id, course.id)).toMatchObject({ payStatus: 1 });
    expect(await client.call((c) => c.order.getOrderStatus({ tradeNo: trade.tradeNo }))).toMatchObject({ status: 1, isPay: 1 });
    // The late notification of the same payment shares its transaction_id: a replay.
    const late = wechatNotification(wxTransaction(trade.tradeNo, 19_900, transactionId, at));
    expect(await receiveNotification(db, "wechat", late)).toMatchObject({ ok: true, outcome: "replayed" });
    expect(await db.select().from(paymentNotifications)).toHaveLength(1);
  });

  it("WeChat: a cancelled order is closed at WeChat Pay; a refund goes through the refund endpoint, a refused one leaves the order paid", async () => {
    const db = getDb();
    const course = await paidCourse(db);
    const other = await paidCourse(db, 9_900, "政府采购法律法规概论");
    const { user, client } = await buyer(db);
    const admin = await createUser(db, { nick: "李建国", isAdmin: 1 });

    const dropped = await withActiveProvider("wechat", () => client.call((c) => c.order.getTradeNo({ goodsType: 1, goodsId: other.id })));
    await client.call((c) => c.order.cancel({ tradeNo: dropped.tradeNo }));
    expect(wx.trades.get(dropped.tradeNo)!.state).toBe("CLOSED");
    expect((await orderRow(db, dropped.tradeNo)).status).toBe(ORDER_STATUS.cancelled);

    const trade = await withActiveProvider("wechat", () => client.call((c) => c.order.getTradeNo({ goodsType: 1, goodsId: course.id })));
    const { transactionId, at } = wx.pay(trade.tradeNo);
    expect(await receiveNotification(db, "wechat", wechatNotification(wxTransaction(trade.tradeNo, 19_900, transactionId, at)))).toMatchObject({ outcome: "applied" });

    wx.refundRefused = true;
    expect((await rejection(refundOrder(db, admin.id, trade.tradeNo, "学员申请退款"))).message).toBe("支付渠道退款失败：基本账户余额不足，请充值后重新发起");
    expect((await orderRow(db, trade.tradeNo)).status).toBe(ORDER_STATUS.paid);
    expect(await seat(db, user.id, course.id)).toMatchObject({ payStatus: 1 });

    wx.refundRefused = false;
    expect(await refundOrder(db, admin.id, trade.tradeNo, "课程内容与需求不符，学员申请退款")).toMatchObject({ status: ORDER_STATUS.refunded, refundNo: `RF${trade.tradeNo.slice(2)}` });
    const refunds = wx.of("/v3/refund/domestic/refunds");
    expect(refunds).toHaveLength(2);
    expect(JSON.parse(refunds[1]!.body)).toEqual({
      out_trade_no: trade.tradeNo,
      out_refund_no: `RF${trade.tradeNo.slice(2)}`,
      reason: "课程内容与需求不符，学员申请退款",
      amount: { refund: 19_900, total: 19_900, currency: "CNY" },
    });
    expect(await orderRow(db, trade.tradeNo)).toMatchObject({ status: ORDER_STATUS.refunded, refundedBy: admin.id });
    expect(await seat(db, user.id, course.id)).toBeUndefined();
  });

  it("Alipay: the notification pays the order once; a replay and another amount change nothing; the query reconciles a lost one", async () => {
    const db = getDb();
    const course = await paidCourse(db);
    const other = await paidCourse(db, 9_900, "政府采购法律法规概论");
    const { user, client } = await buyer(db);
    const trade = await withActiveProvider("alipay", () => client.call((c) => c.order.getTradeNo({ goodsType: 1, goodsId: course.id })));
    expect(trade).toMatchObject({ payAmount: 19_900, payType: "alipay", payTypeName: "支付宝" });
    expect(trade.payUrl).toBe(ali.precreated.get(trade.tradeNo)!.qrCode);
    const [created] = ali.of("alipay.trade.precreate");
    expect(created!.params.notify_url).toBe(ALI.notifyUrl);
    expect(created!.biz).toMatchObject({ out_trade_no: trade.tradeNo, total_amount: "199.00", subject: "政府采购合同管理实务" });

    const at = wholeSecond(-1_000);
    const wrongAmount = alipayNotification({ out_trade_no: trade.tradeNo, trade_no: "2026112622001446880000000001", total_amount: "1.99", gmt_payment: alipayTime(at) });
    const refused = await receiveNotification(db, "alipay", wrongAmount);
    expect(refused).toMatchObject({ ok: false, outcome: "refused", reason: "支付金额与订单金额不符" });
    expect(refused.provider!.notificationAnswer(refused.ok).body).toBe("fail");
    const unknown = alipayNotification({ out_trade_no: "CY20261126000000000000", trade_no: "2026112622001446880000000002", total_amount: "199.00" });
    expect(await receiveNotification(db, "alipay", unknown)).toMatchObject({ ok: false, reason: "订单不存在" });
    const otherApp = alipayNotification({ out_trade_no: trade.tradeNo, trade_no: "2026112622001446880000000003", total_amount: "199.00", app_id: "2021004143600002" });
    expect(await receiveNotification(db, "alipay", otherApp)).toMatchObject({ ok: false, reason: "应用ID不匹配" });
    expect((await orderRow(db, trade.tradeNo)).status).toBe(ORDER_STATUS.unpaid);
    expect(await seat(db, user.id, course.id)).toBeUndefined();

    const genuine = alipayNotification({ out_trade_no: trade.tradeNo, trade_no: "2026112622001446881111111111", total_amount: "199.00", gmt_payment: alipayTime(at) });
    const first = await receiveNotification(db, "alipay", genuine);
    expect(first).toMatchObject({ ok: true, outcome: "applied" });
    expect(first.provider!.notificationAnswer(first.ok).body).toBe("success");
    expect(await receiveNotification(db, "alipay", genuine)).toMatchObject({ ok: true, outcome: "replayed" });
    expect(await orderRow(db, trade.tradeNo)).toMatchObject({ status: ORDER_STATUS.paid, provider: "alipay", providerTradeNo: "2026112622001446881111111111", paidAt: at });
    expect(await seat(db, user.id, course.id)).toMatchObject({ payStatus: 1, source: "order" });

    // A second order whose notification never came: the poll's query takes the payment in.
    const lost = await withActiveProvider("alipay", () => client.call((c) => c.order.getTradeNo({ goodsType: 1, goodsId: other.id })));
    expect(await client.call((c) => c.order.getOrderStatus({ tradeNo: lost.tradeNo }))).toMatchObject({ status: 0, isPay: 0 });
    const paid = ali.pay(lost.tradeNo);
    ali.signWith = appKeys.privateKey;
    expect(await reconcile(db, await orderRow(db, lost.tradeNo))).toBe(false);
    ali.signWith = alipayKeys.privateKey;
    expect(await reconcile(db, await orderRow(db, lost.tradeNo))).toBe(true);
    expect(await orderRow(db, lost.tradeNo)).toMatchObject({ status: ORDER_STATUS.paid, provider: "alipay", providerTradeNo: paid.tradeNo, paidAt: paid.at });
    expect(await seat(db, user.id, other.id)).toMatchObject({ payStatus: 1 });
    expect(ali.of("alipay.trade.query").filter((q) => q.biz.out_trade_no === lost.tradeNo)).toHaveLength(3);
    const late = alipayNotification({ out_trade_no: lost.tradeNo, trade_no: paid.tradeNo, total_amount: "99.00" });
    expect(await receiveNotification(db, "alipay", late)).toMatchObject({ ok: true, outcome: "replayed" });
    expect(await db.select().from(userCourses).where(eq(userCourses.userId, user.id))).toHaveLength(2);
  });

  it("Alipay: a refund goes through alipay.trade.refund and removes the seat", async () => {
    const db = getDb();
    const course = await paidCourse(db);
    const { user, client } = await buyer(db);
    const admin = await createUser(db, { nick: "李建国", isAdmin: 1 });
    const trade = await withActiveProvider("alipay", () => client.call((c) => c.order.getTradeNo({ goodsType: 1, goodsId: course.id })));
    const paid = ali.pay(trade.tradeNo);
    expect(await receiveNotification(db, "alipay", alipayNotification({ out_trade_no: trade.tradeNo, trade_no: paid.tradeNo, total_amount: "199.00" }))).toMatchObject({
      outcome: "applied",
    });
    expect(await refundOrder(db, admin.id, trade.tradeNo, "学员申请退款")).toMatchObject({ status: ORDER_STATUS.refunded });
    const [refund] = ali.of("alipay.trade.refund");
    expect(refund!.biz).toEqual({ out_trade_no: trade.tradeNo, refund_amount: "199.00", out_request_no: `RF${trade.tradeNo.slice(2)}`, refund_reason: "学员申请退款" });
    expect((await orderRow(db, trade.tradeNo)).status).toBe(ORDER_STATUS.refunded);
    expect(await seat(db, user.id, course.id)).toBeUndefined();
  });
});
