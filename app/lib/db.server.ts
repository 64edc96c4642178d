export { getDb, closeDb } from "@db/index.server";
