// `npm run bench [name…]`: runs the benchmark scripts (scripts/bench-<name>.ts) one after another.
// They need PostgreSQL on 127.0.0.1:5432 (or TEST_POSTGRES_URL) and print their own figures.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { root, run } from "./lib.mjs";

const wanted = process.argv.slice(2);
const all = readdirSync(join(root, "scripts"))
  .filter((f) => /^bench-[\w-]+\.ts$/.test(f))
  .map((f) => f.slice("bench-".length, -3));
const names = wanted.length ? wanted : all;
for (const name of names) {
  if (!all.includes(name)) {
    console.error(`no benchmark named ${name} (have: ${all.join(", ") || "none"})`);
    process.exit(1);
  }
  console.log(`\n== bench ${name}`);
  run("npx", ["tsx", `scripts/bench-${name}.ts`]);
}
