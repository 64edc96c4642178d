import { expect, it } from "vitest";
import { describeEachDb } from "../helpers/db";
import { testClient } from "../helpers/caller";
import { createUser } from "../factories/user";

describeEachDb("password login smoke", (getDb) => {
  it("logs a learner in and reads the session back", async () => {
    const user = await createUser(getDb(), { loginName: "smoke_user" });
    const client = testClient(getDb());
    const me = await client.call((c) => c.auth.login({ authentication_type: "password", account: "smoke_user", password: user.password }));
    expect(me.userId).toBe(user.id);
    const again = await client.call((c) => c.auth.me());
    expect(again.isLogin).toBe(1);
  });
});
