import type { Db } from "@db/client";

export async function seedTasks(_db: Db) {}
