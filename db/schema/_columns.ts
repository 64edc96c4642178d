import { sql } from "drizzle-orm";
import { bigint, timestamp } from "drizzle-orm/pg-core";

export const id = () => bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity();
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`);
export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .default(sql`now()`)
    .$onUpdate(() => new Date());
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });
export const tz = (name: string) => timestamp(name, { withTimezone: true });
