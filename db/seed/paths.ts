import type { Db } from "@db/client";

export async function seedPaths(_db: Db) {}
