import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { baseInput, RESERVED_PATH_NAMES } from "@trpc-app/site/schemas";

/** The first address segment of each route file (flat routes: dots separate segments, "_x" is pathless). */
function firstSegments() {
  const out = new Set<string>();
  for (const file of readdirSync(join(process.cwd(), "app/routes"))) {
    const segments = file.replace(/\.(tsx|ts)$/, "").split(".").filter((s) => !s.startsWith("_"));
    const first = segments[0]?.replace(/_$/, "");
    if (!first || first.startsWith("$") || first.startsWith("[") || first.startsWith("(")) continue;
    out.add(first);
  }
  return out;
}

describe("site path names", () => {
  it("reserve the first segment of every learner and back-office route, so no site hides a page", () => {
    const missing = [...firstSegments()].filter((s) => !RESERVED_PATH_NAMES.has(s));
    expect(missing).toEqual([]);
  });

  it("are refused when reserved and accepted when free", () => {
    expect(baseInput.safeParse({ name: "站", pathName: "person" }).error?.issues[0]?.message).toBe("该路径为平台保留路径，请换一个");
    expect(baseInput.safeParse({ name: "站", pathName: "Gd-Cg" }).data?.pathName).toBe("gd-cg");
    expect(baseInput.safeParse({ name: "站", pathName: "gd-" }).success).toBe(false);
  });
});
