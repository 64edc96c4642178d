// `npm run bench [name [arg…]]…`: runs the benchmark scripts (scripts/bench-<name>.ts) one after another;
// words after a name that are not names go to that script (`npm run bench exam 200 5`).
// They print their own figures; all but `face` need PostgreSQL on 127.0.0.1:5432 (or TEST_POSTGRES_URL).
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { root, run } from "./lib.mjs";

const all = readdirSync(join(root, "scripts"))
  .filter((f) => /^bench-[\w-]+\.ts$/.test(f))
  .map((f) => f.slice("bench-".length, -3));
const wanted = [];
for (const word of process.argv.slice(2)) {
  if (all.includes(word)) wanted.push({ name: word, args: [] });
  else if (wanted.length && !/^[a-z][\w-]*$/i.test(word)) wanted.at(-1).args.push(word);
  else {
    console.error(`no benchmark named ${word} (have: ${all.join(", ") || "none"})`);
    process.exit(1);
  }
}
for (const { name, args } of wanted.length ? wanted : all.map((name) => ({ name, args: [] }))) {
  console.log(`\n== bench ${name}${args.length ? ` ${args.join(" ")}` : ""}`);
  run("npx", ["tsx", `scripts/bench-${name}.ts`, ...args]);
}
