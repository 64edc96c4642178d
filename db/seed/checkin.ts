import type { Db } from "@db/client";

export async function seedCheckIn(_db: Db) {}
