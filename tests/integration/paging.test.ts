import { asc, count, gt, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import type { DbOrTx } from "@db/client";
import { tags } from "@db/schema";
import { pageOfArray, pageOffset, paginate, type PageRequest } from "@base/paging";
import { escapeLike, likePattern } from "@base/sql";
import { describeEachDb } from "../helpers/db";

/** Tags named t01..tNN, so the name order is the insertion order. */
async function seedTags(db: DbOrTx, n: number) {
  if (n) await db.insert(tags).values(Array.from({ length: n }, (_, i) => ({ name: `t${String(i + 1).padStart(2, "0")}` })));
}

const tagPage = (db: DbOrTx, page: PageRequest, where = gt(tags.id, 0)) =>
  paginate(page, db.select({ total: count() }).from(tags).where(where), db.select({ name: tags.name }).from(tags).where(where).orderBy(asc(tags.name)));

const names = (list: { name: string }[]) => list.map((t) => t.name);

describeEachDb("paging", (getDb) => {
  it("answers an empty page of an empty table", async () => {
    expect(await tagPage(getDb(), { pageNo: 1, pageSize: 10 })).toEqual({ list: [], total: 0, pageNo: 1, pageSize: 10 });
  });

  it("answers a middle page with the total of every match", async () => {
    const db = getDb();
    await seedTags(db, 25);
    const page = await tagPage(db, { pageNo: 2, pageSize: 10 });
    expect(names(page.list)).toEqual(["t11", "t12", "t13", "t14", "t15", "t16", "t17", "t18", "t19", "t20"]);
    expect(page).toMatchObject({ total: 25, pageNo: 2, pageSize: 10 });
    expect(names((await tagPage(db, { pageNo: 3, pageSize: 10 })).list)).toEqual(["t21", "t22", "t23", "t24", "t25"]);
  });

  it("answers a page past the end with no rows and the real total", async () => {
    const db = getDb();
    await seedTags(db, 5);
    expect(await tagPage(db, { pageNo: 4, pageSize: 10 })).toEqual({ list: [], total: 5, pageNo: 4, pageSize: 10 });
  });

  it("reads a count given as text (a raw count(*)) or as a number", async () => {
    const db = getDb();
    await seedTags(db, 3);
    const raw = await paginate({ pageNo: 1, pageSize: 2 }, db.select({ total: sql<string>`count(*)` }).from(tags), db.select().from(tags).orderBy(asc(tags.id)));
    expect(raw.total).toBe(3);
    const counted = await paginate({ pageNo: 2, pageSize: 2 }, db.$count(tags), db.select().from(tags).orderBy(asc(tags.id)));
    expect(counted.total).toBe(3);
    expect(counted.list).toHaveLength(1);
  });

  it("pages inside a transaction, seeing the transaction's own rows", async () => {
    const db = getDb();
    await seedTags(db, 3);
    const inside = await db.transaction(async (tx) => {
      await tx.insert(tags).values([{ name: "t04" }, { name: "t05" }]);
      return tagPage(tx, { pageNo: 2, pageSize: 2 });
    });
    expect(names(inside.list)).toEqual(["t03", "t04"]);
    expect(inside.total).toBe(5);
  });

  it("leaves nothing behind when a transaction that paged rolls back", async () => {
    const db = getDb();
    await expect(
      db.transaction(async (tx) => {
        await seedTags(tx, 2);
        expect((await tagPage(tx, { pageNo: 1, pageSize: 10 })).total).toBe(2);
        throw new Error("undo");
      }),
    ).rejects.toThrow("undo");
    expect((await tagPage(db, { pageNo: 1, pageSize: 10 })).total).toBe(0);
  });

  it("matches a LIKE keyword's wildcard characters literally", async () => {
    const db = getDb();
    await db.insert(tags).values([{ name: "100%" }, { name: "1000" }, { name: "a_b" }, { name: "axb" }, { name: "c\\d" }]);
    const like = (k: string) => tagPage(db, { pageNo: 1, pageSize: 10 }, sql`${tags.name} like ${likePattern(k)}`);
    expect(names((await like("0%")).list)).toEqual(["100%"]);
    expect(names((await like("_")).list)).toEqual(["a_b"]);
    expect(names((await like("\\")).list)).toEqual(["c\\d"]);
    expect(escapeLike("50%_off\\")).toBe("50\\%\\_off\\\\");
  });
});

it("pages rows already in memory the same way", () => {
  const all = [1, 2, 3, 4, 5];
  expect(pageOfArray(all, { pageNo: 2, pageSize: 2 })).toEqual({ list: [3, 4], total: 5, pageNo: 2, pageSize: 2 });
  expect(pageOfArray(all, { pageNo: 9, pageSize: 2 })).toEqual({ list: [], total: 5, pageNo: 9, pageSize: 2 });
  expect(pageOffset({ pageNo: 3, pageSize: 20 })).toBe(40);
});
