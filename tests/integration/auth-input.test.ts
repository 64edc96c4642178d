import { TRPCError } from "@trpc/server";
import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { SESSION_COOKIE } from "@trpc-app/auth/session";
import { createAppCaller } from "@trpc-app/caller";
import { createContext } from "@trpc-app/context";
import { describeEachDb } from "../helpers/db";
import { rejection, signedInClient, trpcHttp } from "../helpers/auth";
import { createUser } from "../factories/user";

const CHINESE = /[\u4e00-\u9fa5]/;

/** Every field name the auth inputs read, so each garbage kind reaches every field. */
const FIELDS = [
  "account",
  "password",
  "mobile_number",
  "captcha_code",
  "qrCodeTicket",
  "qrCodeToken",
  "sk",
  "mobile",
  "captcha",
  "loginName",
  "nick",
  "code",
  "confirmPassword",
  "oldPassword",
];
const everyField = (value: unknown) => Object.fromEntries(FIELDS.map((f) => [f, value]));

const values: [string, unknown][] = [
  ["numbers", 12345],
  ["negative numbers", -1],
  ["floats", 1.5],
  ["booleans", true],
  ["nulls", null],
  ["objects", { $gt: "" }],
  ["arrays", ["13900000000"]],
  ["empty strings", ""],
  ["blank strings", "   "],
  ["over-long strings", "9".repeat(5000)],
  ["over-long letters", "a".repeat(300)],
  ["NUL bytes", "ab\u0000cd"],
  ["SQL", "' or 1=1 --"],
  ["lone surrogates", "\ud800abc"],
];

const garbage: [string, unknown][] = [
  ["no input", undefined],
  ["null", null],
  ["a string", "garbage"],
  ["a number", 42],
  ["an array", [1, 2]],
  ["an empty object", {}],
  ...values.map(([name, v]): [string, unknown] => [`${name} in every field`, everyField(v)]),
];
/** Login picks its fields by type, so each type meets each kind of garbage. */
const loginGarbage: [string, unknown][] = ["password", "sms", "qr_code", "unknown", 1].flatMap((type) =>
  values.map(([name, v]): [string, unknown] => [`type ${type} with ${name}`, { ...everyField(v), authentication_type: type }]),
);

type Proc = { name: string; type: "query" | "mutation"; learner: boolean };
const procedures: Proc[] = [
  { name: "qrStatus", type: "query", learner: false },
  { name: "checkMobileOrLoginName", type: "query", learner: false },
  { name: "sendLoginCode", type: "mutation", learner: false },
  { name: "login", type: "mutation", learner: false },
  { name: "sendRegisterCode", type: "mutation", learner: false },
  { name: "register", type: "mutation", learner: false },
  { name: "sendPasswordCode", type: "mutation", learner: false },
  { name: "checkPasswordCode", type: "mutation", learner: false },
  { name: "resetPassword", type: "mutation", learner: false },
  { name: "qrScan", type: "mutation", learner: true },
  { name: "qrConfirm", type: "mutation", learner: true },
  { name: "updatePassword", type: "mutation", learner: true },
  { name: "sendOldPhoneCode", type: "mutation", learner: true },
  { name: "checkOldPhone", type: "mutation", learner: true },
  { name: "sendNewPhoneCode", type: "mutation", learner: true },
  { name: "bindNewPhone", type: "mutation", learner: true },
];
const noInput: Proc[] = [
  { name: "me", type: "query", learner: false },
  { name: "qrContent", type: "query", learner: false },
  { name: "getUser", type: "query", learner: true },
  { name: "captcha", type: "mutation", learner: true },
  { name: "logout", type: "mutation", learner: true },
];

describeEachDb("auth procedures refuse garbage input", (getDb) => {
  /** A server-side caller, as Remix loaders use, with raw input the types would not allow. */
  async function directCall(db: Db, proc: Proc, token: string | undefined, input: unknown) {
    const request = new Request("http://127.0.0.1:3000/api/trpc", {
      headers: token ? { cookie: `${SESSION_COOKIE}=${token}` } : {},
    });
    const caller = createAppCaller(await createContext({ db, request }));
    const auth = caller.auth as unknown as Record<string, (i: unknown) => Promise<unknown>>;
    return auth[proc.name]!(input);
  }

  for (const proc of procedures) {
    it(`auth.${proc.name}`, async () => {
      const user = await createUser(getDb(), { loginName: "garbage_target", mobile: "13912345678" });
      const token = proc.learner ? (await signedInClient(getDb(), user.id)).jar[SESSION_COOKIE] : undefined;
      for (const [what, input] of proc.name === "login" ? [...garbage, ...loginGarbage] : garbage) {
        const label = `auth.${proc.name} with ${what}`;
        const err = await rejection(directCall(getDb(), proc, token, input)).catch((e: Error) => {
          throw new Error(`${label}: ${e.message}`);
        });
        expect(err, label).toBeInstanceOf(TRPCError);
        expect(err.code, `${label}: ${err.message}`).not.toBe("INTERNAL_SERVER_ERROR");

        // What the browser's tRPC client reads: a Chinese message and a legacy code, never a 500.
        const http = await trpcHttp(getDb(), `auth.${proc.name}`, input, {
          type: proc.type,
          cookie: token ? `${SESSION_COOKIE}=${token}` : undefined,
        });
        expect(http.internal, label).toEqual([]);
        expect(http.status, label).toBeLessThan(500);
        expect(http.body.error.message, label).toMatch(CHINESE);
        expect(http.body.error.data.code, label).not.toBe("INTERNAL_SERVER_ERROR");
        expect(http.body.error.data.legacyCode, label).toBeTruthy();
      }
    });
  }

  it("procedures without input ignore whatever is sent", async () => {
    const user = await createUser(getDb());
    for (const proc of noInput) {
      for (const [what, input] of garbage.slice(0, 8)) {
        const token = (await signedInClient(getDb(), user.id)).jar[SESSION_COOKIE];
        const label = `auth.${proc.name} with ${what}`;
        await expect(directCall(getDb(), proc, token, input), label).resolves.toBeDefined();
        const http = await trpcHttp(getDb(), `auth.${proc.name}`, input, { type: proc.type, cookie: `${SESSION_COOKIE}=${token}` });
        expect(http.status, label).toBe(200);
        expect(http.internal, label).toEqual([]);
      }
    }
  });
});
