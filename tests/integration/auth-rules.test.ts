import { expect, it } from "vitest";
import { createUser } from "../factories/user";
import { rejection } from "../helpers/auth";
import { testClient } from "../helpers/caller";
import { describeEachDb } from "../helpers/db";
import { latestCode } from "../helpers/outbox";

describeEachDb("login names and input errors", (getDb) => {
  it("finds a login name whatever its letter case", async () => {
    const user = await createUser(getDb(), { loginName: "Zhang_Min" });
    const me = await testClient(getDb()).call((c) => c.auth.login({ authentication_type: "password", account: "zhang_min", password: user.password }));
    expect(me.userId).toBe(user.id);
  });

  it("means the phone's owner when the account is a phone number", async () => {
    const owner = await createUser(getDb(), { mobile: "13911112222", password: "Owner@2026pass" });
    // Created directly: registration now refuses phone-shaped names, older data may hold one.
    await createUser(getDb(), { loginName: "13911112222", mobile: null, password: "Other@2026pass" });
    const me = await testClient(getDb()).call((c) =>
      c.auth.login({ authentication_type: "password", account: "13911112222", password: "Owner@2026pass" }),
    );
    expect(me.userId).toBe(owner.id);
  });

  it("refuses a login name that differs only in case, and one shaped like a phone", async () => {
    await createUser(getDb(), { loginName: "liuyang" });
    const client = testClient(getDb());
    await client.call((c) => c.auth.sendRegisterCode({ mobile: "13822223333", captcha: "2026" }));
    const code = await latestCode("13822223333");
    const base = { nick: "刘洋", mobile: "13822223333", code, password: "Liu@2026yang", confirmPassword: "Liu@2026yang" };
    const taken = await rejection(client.call((c) => c.auth.register({ ...base, loginName: "LiuYang" })));
    expect(taken.message).toBe("该用户名已被使用");
    const phoneLike = await rejection(client.call((c) => c.auth.register({ ...base, loginName: "13822223333" })));
    expect(phoneLike.message).toBe("用户名不能使用手机号格式");
  });

  it("gives server-side callers the Chinese message and the bad-input code", async () => {
    const error = await rejection(testClient(getDb()).call((c) => c.auth.login({ authentication_type: "password", account: "", password: "x" } as never)));
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.message).toBe("请输入账号/手机号");
    expect(error.legacyCode).toBe("400");
    const missing = await rejection(testClient(getDb()).call((c) => c.auth.qrStatus(undefined as never)));
    expect(missing.message).toMatch(/^缺少/);
  });
});
