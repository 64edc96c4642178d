import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { sessions, smsCodes, users, verificationGrants } from "@db/schema";
import { SESSION_COOKIE } from "@trpc-app/auth/session";
import { verifyPassword } from "@trpc-app/auth/password";
import { describeEachDb } from "../helpers/db";
import { testClient } from "../helpers/caller";
import { rejection, signedInClient, trpcHttp } from "../helpers/auth";
import { latestCode, outboxCount } from "../helpers/outbox";
import { createUser } from "../factories/user";

const GOOD = "Caiyun@2026new";

describeEachDb("registration", (getDb, kind) => {
  let seq = 0;
  const phone = () => `1360000${kind === "pglite" ? 1 : 2}${String(++seq).padStart(3, "0")}`;
  const form = (mobile: string, over: Record<string, string> = {}) => ({
    loginName: `reg_${mobile.slice(-6)}`,
    nick: "新学员",
    mobile,
    code: "000000",
    password: GOOD,
    confirmPassword: GOOD,
    ...over,
  });

  it("a valid SMS code creates the user with an argon2id hash and logs in", async () => {
    const mobile = phone();
    const client = testClient(getDb());
    await client.call((c) => c.auth.sendRegisterCode({ mobile, captcha: "2026" }));
    const code = latestCode(mobile);
    const me = await client.call((c) => c.auth.register(form(mobile, { code, loginName: "new_learner" })));
    expect(me).toMatchObject({ isLogin: 1, loginName: "new_learner", nick: "新学员" });

    const [row] = await getDb().select().from(users).where(eq(users.mobile, mobile));
    expect(row).toMatchObject({ id: me.userId, loginName: "new_learner", registerSource: "web", status: 1, isAdmin: 0 });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row!.passwordHash, GOOD)).toBe(true);
    expect(client.jar[SESSION_COOKIE]).toBeTruthy();
    expect(await getDb().select().from(sessions).where(eq(sessions.userId, me.userId))).toHaveLength(1);
    expect((await client.call((c) => c.auth.me())).userId).toBe(me.userId);
    const [sms] = await getDb().select().from(smsCodes).where(eq(smsCodes.mobile, mobile));
    expect(sms!.usedAt).toBeInstanceOf(Date);

    // The new password logs in too.
    const other = testClient(getDb());
    await other.call((c) => c.auth.login({ authentication_type: "password", account: "new_learner", password: GOOD }));
    expect(other.jar[SESSION_COOKIE]).toBeTruthy();
  });

  it("a wrong SMS code creates nothing", async () => {
    const mobile = phone();
    const client = testClient(getDb());
    await client.call((c) => c.auth.sendRegisterCode({ mobile, captcha: "2026" }));
    const code = latestCode(mobile);
    const wrong = code === "000000" ? "111111" : "000000";
    const err = await rejection(client.call((c) => c.auth.register(form(mobile, { code: wrong }))));
    expect(err.message).toBe("验证码错误");
    expect(await getDb().select().from(users).where(eq(users.mobile, mobile))).toHaveLength(0);
    expect(client.jar[SESSION_COOKIE]).toBeUndefined();
  });

  it("a taken login name is refused, in any letter case, before the code is spent", async () => {
    await createUser(getDb(), { loginName: "Taken_Name" });
    const mobile = phone();
    const client = testClient(getDb());
    await client.call((c) => c.auth.sendRegisterCode({ mobile, captcha: "2026" }));
    const code = latestCode(mobile);
    for (const loginName of ["Taken_Name", "taken_name"]) {
      const err = await rejection(client.call((c) => c.auth.register(form(mobile, { code, loginName }))));
      expect(err.message).toBe("该用户名已被使用");
    }
    expect(await getDb().select().from(users).where(eq(users.mobile, mobile))).toHaveLength(0);
    const [sms] = await getDb().select().from(smsCodes).where(eq(smsCodes.mobile, mobile));
    expect(sms!.usedAt).toBeNull();
    await client.call((c) => c.auth.register(form(mobile, { code, loginName: "free_name" })));
  });

  it("a registered mobile gets no code and cannot register again", async () => {
    const mobile = phone();
    await createUser(getDb(), { mobile });
    const client = testClient(getDb());
    const send = await rejection(client.call((c) => c.auth.sendRegisterCode({ mobile, captcha: "2026" })));
    expect(send.message).toBe("该手机号已被注册");
    expect(outboxCount(mobile)).toBe(0);
    const reg = await rejection(client.call((c) => c.auth.register(form(mobile, { loginName: "second_try" }))));
    expect(reg.message).toBe("该手机号已被注册");
    expect(await getDb().select().from(users).where(eq(users.mobile, mobile))).toHaveLength(1);
  });

  it("checkMobileOrLoginName reports what is taken", async () => {
    const mobile = phone();
    await createUser(getDb(), { mobile, loginName: "someone" });
    const client = testClient(getDb());
    expect(await client.call((c) => c.auth.checkMobileOrLoginName({ mobile, loginName: "SOMEONE" }))).toEqual({
      mobileExists: true,
      loginNameExists: true,
    });
    expect(await client.call((c) => c.auth.checkMobileOrLoginName({ mobile: phone() }))).toEqual({
      mobileExists: false,
      loginNameExists: false,
    });
  });

  // What the browser's tRPC client and the legacy client receive: the message of schemas.ts, verbatim.
  const rules: [string, Record<string, string>, string][] = [
    ["too short", { password: "Ab1!ab", confirmPassword: "Ab1!ab" }, "密码为10-16位，仅限字母、数字及!@#$"],
    ["too long", { password: "Abcdefgh1!abcdefg", confirmPassword: "Abcdefgh1!abcdefg" }, "密码为10-16位，仅限字母、数字及!@#$"],
    ["no upper case", { password: "abcdefgh1!", confirmPassword: "abcdefgh1!" }, "密码须同时包含大写字母、小写字母、数字及!@#$中的一个"],
    ["no lower case", { password: "ABCDEFGH1!", confirmPassword: "ABCDEFGH1!" }, "密码须同时包含大写字母、小写字母、数字及!@#$中的一个"],
    ["no digit", { password: "Abcdefghi!", confirmPassword: "Abcdefghi!" }, "密码须同时包含大写字母、小写字母、数字及!@#$中的一个"],
    ["no symbol", { password: "Abcdefghi1", confirmPassword: "Abcdefghi1" }, "密码须同时包含大写字母、小写字母、数字及!@#$中的一个"],
    ["an illegal character", { password: "Abcdefgh1!%", confirmPassword: "Abcdefgh1!%" }, "密码为10-16位，仅限字母、数字及!@#$"],
    ["a space", { password: "Abcd efgh1!", confirmPassword: "Abcd efgh1!" }, "密码为10-16位，仅限字母、数字及!@#$"],
    ["a mismatched confirmation", { confirmPassword: "Caiyun@2026nex" }, "两次输入的密码不一致"],
    ["a bad login name", { loginName: "bad-name" }, "用户名仅限字母、数字及下划线，1-20个字符"],
    ["a bad nick", { nick: "nick!" }, "昵称仅限中文、字母及数字，1-16个字符"],
  ];
  for (const [what, over, message] of rules) {
    it(`a password or name with ${what} answers ${message}`, async () => {
      const mobile = phone();
      const http = await trpcHttp(getDb(), "auth.register", form(mobile, over), { type: "mutation" });
      expect(http.body.error.message).toBe(message);
      expect(http.body.error.data.legacyCode).toBe("400");
      expect(http.status).toBe(400);
      const err = await rejection(testClient(getDb()).call((c) => c.auth.register(form(mobile, over))));
      expect(err.code).toBe("BAD_REQUEST");
      expect(await getDb().select().from(users).where(eq(users.mobile, mobile))).toHaveLength(0);
    });
  }

  it("a 16-character password with every kind of character is accepted by the rules", async () => {
    const mobile = phone();
    // Passes the rules, then stops at the SMS code: the rule under test is the password's.
    const err = await rejection(testClient(getDb()).call((c) => c.auth.register(form(mobile, { password: "Abcdefgh12!@#$Zz", confirmPassword: "Abcdefgh12!@#$Zz" }))));
    expect(err.message).toBe("验证码已失效，请重新获取");
  });
});

describeEachDb("password reset and change", (getDb, kind) => {
  const mobileOf = (n: number) => `1350000${kind === "pglite" ? 1 : 2}${String(n).padStart(3, "0")}`;

  // The user factory's hashes: tests get argon2id at its lightest, made once per password (logins cost
  // about 1 ms); anything else (the demo data of npm start) the product's parameters and a salt per user.
  it("test users get the lightest hash once per password; outside tests the product's, a salt each", async () => {
    const db = getDb();
    const params = (h: string | null) => h!.split("$").slice(1, 4).join("$");
    const [a, b] = [await createUser(db, { password: "Light@2026pass" }), await createUser(db, { password: "Light@2026pass" })];
    expect(params(a.passwordHash)).toBe("argon2id$v=19$m=1024,t=1,p=1");
    expect(b.passwordHash).toBe(a.passwordHash);
    expect(await verifyPassword(a.passwordHash!, "Light@2026pass")).toBe(true);
    const testEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = "development";
    try {
      const [c, d] = [await createUser(db, { password: "Light@2026pass" }), await createUser(db, { password: "Light@2026pass" })];
      expect(params(c.passwordHash)).toBe("argon2id$v=19$m=19456,t=2,p=1");
      expect(d.passwordHash).not.toBe(c.passwordHash);
      expect(await verifyPassword(c.passwordHash!, "Light@2026pass")).toBe(true);
    } finally {
      process.env.NODE_ENV = testEnv;
    }
  });

  it("resetPassword without a checked phone or code is refused", async () => {
    const mobile = mobileOf(1);
    const user = await createUser(getDb(), { mobile });
    const err = await rejection(
      testClient(getDb()).call((c) => c.auth.resetPassword({ mobile, password: GOOD, confirmPassword: GOOD })),
    );
    expect(err.message).toBe("请先验证手机号");
    const [row] = await getDb().select().from(users).where(eq(users.id, user.id));
    expect(await verifyPassword(row!.passwordHash, user.password)).toBe(true);
  });

  it("a reset ends every session and one check allows one reset, even when two race", async () => {
    const mobile = mobileOf(2);
    const user = await createUser(getDb(), { mobile });
    const other = await signedInClient(getDb(), user.id);
    const client = testClient(getDb());
    await client.call((c) => c.auth.sendPasswordCode({ mobile, captcha: "2026" }));
    await client.call((c) => c.auth.checkPasswordCode({ mobile, code: latestCode(mobile) }));
    // Both from the client that checked the code (its reset cookie); a client without it is refused anyway.
    const answers = await Promise.allSettled(
      ["First@2026pass", "Second@2026pas"].map((p) =>
        client.call((c) => c.auth.resetPassword({ mobile, password: p, confirmPassword: p })),
      ),
    );
    expect(answers.filter((a) => a.status === "fulfilled")).toHaveLength(1);
    const [grant] = await getDb().select().from(verificationGrants).where(eq(verificationGrants.mobile, mobile));
    expect(grant!.usedAt).toBeInstanceOf(Date);
    expect((await other.call((c) => c.auth.me())).isLogin).toBe(0);
    expect(await getDb().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it("a password code is checked once", async () => {
    const mobile = mobileOf(3);
    await createUser(getDb(), { mobile });
    const client = testClient(getDb());
    await client.call((c) => c.auth.sendPasswordCode({ mobile, captcha: "2026" }));
    const code = latestCode(mobile);
    await client.call((c) => c.auth.checkPasswordCode({ mobile, code }));
    const err = await rejection(client.call((c) => c.auth.checkPasswordCode({ mobile, code })));
    expect(err.message).toBe("验证码已失效，请重新获取");
  });

  it("an unregistered phone gets no password code", async () => {
    const mobile = mobileOf(4);
    const err = await rejection(testClient(getDb()).call((c) => c.auth.sendPasswordCode({ mobile, captcha: "2026" })));
    expect(err.message).toBe("该手机号未注册");
    expect(outboxCount(mobile)).toBe(0);
  });

  it("updatePassword needs the old password and ends the other sessions only", async () => {
    const user = await createUser(getDb(), { mobile: mobileOf(5) });
    const here = await signedInClient(getDb(), user.id);
    const elsewhere = await signedInClient(getDb(), user.id);
    const wrong = await rejection(
      here.call((c) => c.auth.updatePassword({ oldPassword: "Nope@2026pass", password: GOOD, confirmPassword: GOOD })),
    );
    expect(wrong.message).toBe("原密码错误");
    await here.call((c) => c.auth.updatePassword({ oldPassword: user.password, password: GOOD, confirmPassword: GOOD }));
    const [row] = await getDb().select().from(users).where(eq(users.id, user.id));
    expect(await verifyPassword(row!.passwordHash, GOOD)).toBe(true);
    expect((await here.call((c) => c.auth.me())).isLogin).toBe(1);
    expect((await elsewhere.call((c) => c.auth.me())).isLogin).toBe(0);
  });
});

describeEachDb("phone change", (getDb, kind) => {
  const mobileOf = (n: number) => `1380000${kind === "pglite" ? 1 : 2}${String(n).padStart(3, "0")}`;
  type Client = Awaited<ReturnType<typeof signedInClient>>;
  const mobileNow = async (id: number) => (await getDb().select().from(users).where(eq(users.id, id)))[0]!.mobile;
  async function newPhoneCode(client: Client, mobile: string) {
    await client.call((c) => c.auth.sendNewPhoneCode({ mobile, captcha: "2026" }));
    return latestCode(mobile);
  }
  async function verifyOldPhone(client: Client, mobile: string) {
    await client.call((c) => c.auth.sendOldPhoneCode({ captcha: "2026" }));
    await client.call((c) => c.auth.checkOldPhone({ mobile, code: latestCode(mobile) }));
  }

  it("bindNewPhone without checking the old phone first is refused", async () => {
    const [oldPhone, newPhone] = [mobileOf(1), mobileOf(2)];
    const user = await createUser(getDb(), { mobile: oldPhone });
    const client = await signedInClient(getDb(), user.id);
    const code = await newPhoneCode(client, newPhone);
    const err = await rejection(client.call((c) => c.auth.bindNewPhone({ mobile: newPhone, code })));
    expect(err.message).toBe("请先验证当前手机号");
    expect(await mobileNow(user.id)).toBe(oldPhone);
  });

  it("with the old phone checked, the phone changes, once", async () => {
    const [oldPhone, newPhone, third] = [mobileOf(3), mobileOf(4), mobileOf(5)];
    const user = await createUser(getDb(), { mobile: oldPhone });
    const client = await signedInClient(getDb(), user.id);
    await verifyOldPhone(client, oldPhone);
    const code = await newPhoneCode(client, newPhone);
    expect(await client.call((c) => c.auth.bindNewPhone({ mobile: newPhone, code }))).toEqual({ mobile: newPhone });
    expect(await mobileNow(user.id)).toBe(newPhone);

    // The check was spent by that change.
    const again = await rejection(client.call(async (c) => c.auth.bindNewPhone({ mobile: third, code: await newPhoneCode(client, third) })));
    expect(again.message).toBe("请先验证当前手机号");
    expect(await mobileNow(user.id)).toBe(newPhone);
  });

  it("a mistyped new-phone code does not use up the old-phone check", async () => {
    const [oldPhone, newPhone] = [mobileOf(13), mobileOf(14)];
    const user = await createUser(getDb(), { mobile: oldPhone });
    const client = await signedInClient(getDb(), user.id);
    await verifyOldPhone(client, oldPhone);
    const code = await newPhoneCode(client, newPhone);
    const typo = code === "000000" ? "111111" : "000000";
    expect((await rejection(client.call((c) => c.auth.bindNewPhone({ mobile: newPhone, code: typo })))).message).toBe("验证码错误");
    expect(await mobileNow(user.id)).toBe(oldPhone);
    await client.call((c) => c.auth.bindNewPhone({ mobile: newPhone, code }));
    expect(await mobileNow(user.id)).toBe(newPhone);
  });

  it("the old phone check must name the bound phone", async () => {
    const user = await createUser(getDb(), { mobile: mobileOf(6) });
    const client = await signedInClient(getDb(), user.id);
    const err = await rejection(client.call((c) => c.auth.checkOldPhone({ mobile: mobileOf(7), code: "123456" })));
    expect(err.message).toBe("请输入当前绑定的手机号");
  });

  it("one account's old-phone check does not let another account change its phone", async () => {
    const a = await createUser(getDb(), { mobile: mobileOf(8) });
    const b = await createUser(getDb(), { mobile: mobileOf(9) });
    const clientA = await signedInClient(getDb(), a.id);
    const clientB = await signedInClient(getDb(), b.id);
    await verifyOldPhone(clientA, mobileOf(8));
    const code = await newPhoneCode(clientB, mobileOf(10));
    const err = await rejection(clientB.call((c) => c.auth.bindNewPhone({ mobile: mobileOf(10), code })));
    expect(err.message).toBe("请先验证当前手机号");
    expect(await mobileNow(b.id)).toBe(mobileOf(9));
  });

  it("a phone that belongs to another account cannot be bound", async () => {
    const user = await createUser(getDb(), { mobile: mobileOf(11) });
    await createUser(getDb(), { mobile: mobileOf(12) });
    const client = await signedInClient(getDb(), user.id);
    const send = await rejection(client.call((c) => c.auth.sendNewPhoneCode({ mobile: mobileOf(12), captcha: "2026" })));
    expect(send.message).toBe("该手机号已被注册");
    const bind = await rejection(client.call((c) => c.auth.bindNewPhone({ mobile: mobileOf(12), code: "123456" })));
    expect(bind.message).toBe("该手机号已被注册");
    expect(await mobileNow(user.id)).toBe(mobileOf(11));
  });
});
