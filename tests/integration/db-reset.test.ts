import { count } from "drizzle-orm";
import { expect, it } from "vitest";
import { courses, sessions, users } from "@db/schema";
import { createCourse } from "../factories/course";
import { createUser } from "../factories/user";
import { describeEachDb, resetDb } from "../helpers/db";

// Every suite relies on the reset between its tests: what one test wrote, the next never sees.
describeEachDb("the test database reset", (getDb) => {
  it("empties every table it wrote to, foreign keys notwithstanding", async () => {
    const user = await createUser(getDb());
    await createCourse(getDb(), { name: "政府采购法实务" });
    expect(user.id).toBeGreaterThan(0);
    await resetDb(getDb());
    expect((await getDb().select({ n: count() }).from(users))[0]!.n).toBe(0);
    expect((await getDb().select({ n: count() }).from(courses))[0]!.n).toBe(0);
    // Foreign-key checks are back on after the reset: a session of a user who does not exist is refused.
    await expect(getDb().insert(sessions).values({ id: "f".repeat(64), userId: user.id, expiresAt: new Date() })).rejects.toThrow();
    expect((await getDb().select({ n: count() }).from(sessions))[0]!.n).toBe(0);
  });
});
