import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { describe, expect, it } from "vitest";

// The layering of docs/decisions/020-ground-floor.md, read from the import lines: base/ imports nothing of
// the project, trpc/, db/ and realtime/ never import app/, and no runtime import cycle exists.

const root = join(__dirname, "../..");
const FOLDERS = ["app", "base", "trpc", "db", "realtime"];
const ALIASES: [string, string][] = [["~/", "app/"], ["@base/", "base/"], ["@db/", "db/"], ["@trpc-app/", "trpc/"]];
const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[^'"]*?\sfrom\s+)?["']([^"']+)["']/g;

function sources(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

const files = FOLDERS.flatMap(sources);
const known = new Set(files);

function resolve(from: string, spec: string): string | null {
  const alias = ALIASES.find(([a]) => spec.startsWith(a));
  const bare = alias ? alias[1] + spec.slice(alias[0].length) : spec.startsWith(".") ? normalize(join(dirname(from), spec)) : null;
  if (bare === null) return null;
  for (const candidate of [bare, `${bare}.ts`, `${bare}.tsx`, `${bare}/index.ts`]) if (known.has(candidate)) return candidate;
  return existsSync(join(root, bare)) ? relative(root, join(root, bare)) : null;
}

const edges = new Map<string, { to: string; typeOnly: boolean }[]>();
for (const file of files) {
  const text = readFileSync(join(root, file), "utf8");
  const list: { to: string; typeOnly: boolean }[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const to = resolve(file, m[2]!);
    if (to) list.push({ to, typeOnly: !!m[1] });
  }
  edges.set(file, list);
}
const top = (path: string) => path.split("/")[0];

describe("the ground floor", () => {
  it("reads the project's sources", () => {
    expect(files.filter((f) => f.startsWith("base/")).length).toBeGreaterThan(10);
    expect(edges.get("trpc/router.ts")!.length).toBeGreaterThan(10);
  });

  it("base/ imports nothing of the project but itself", () => {
    const upward = files.filter((f) => top(f) === "base").flatMap((f) => edges.get(f)!.filter((e) => top(e.to) !== "base").map((e) => `${f} -> ${e.to}`));
    expect(upward).toEqual([]);
  });

  it("trpc/, db/ and realtime/ never import app/", () => {
    const upward = files
      .filter((f) => ["trpc", "db", "realtime"].includes(top(f)))
      .flatMap((f) => edges.get(f)!.filter((e) => top(e.to) === "app").map((e) => `${f} -> ${e.to}`));
    expect(upward).toEqual([]);
  });

  // The seed stands on top of everything: it makes demo data through the same services a user's calls reach.
  it("db/ (its seed aside) imports neither trpc/ nor realtime/", () => {
    const upward = files.filter((f) => top(f) === "db" && !f.startsWith("db/seed/")).flatMap((f) => edges.get(f)!.filter((e) => ["trpc", "realtime"].includes(top(e.to))).map((e) => `${f} -> ${e.to}`));
    expect(upward).toEqual([]);
  });

  it("has no runtime import cycle", () => {
    // Tarjan's strongly connected components over value imports (type-only imports vanish at run time).
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const cycles: string[][] = [];
    let next = 0;
    const visit = (v: string) => {
      index.set(v, next);
      low.set(v, next++);
      stack.push(v);
      onStack.add(v);
      for (const { to, typeOnly } of edges.get(v) ?? []) {
        if (typeOnly || !edges.has(to)) continue;
        if (!index.has(to)) {
          visit(to);
          low.set(v, Math.min(low.get(v)!, low.get(to)!));
        } else if (onStack.has(to)) low.set(v, Math.min(low.get(v)!, index.get(to)!));
      }
      if (low.get(v) !== index.get(v)) return;
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) cycles.push(component.sort());
    };
    for (const f of files) if (!index.has(f)) visit(f);
    expect(cycles).toEqual([]);
  });
});
