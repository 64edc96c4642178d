import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ADMIN_NAV } from "~/components/admin/nav";

const routes = join(__dirname, "..", "..", "app", "routes");
const hasPage = (slug: string) => existsSync(join(routes, `admin.${slug}.tsx`));

describe("back-office navigation", () => {
  it("marks exactly the areas without a page as 筹备中", () => {
    const wrong = ADMIN_NAV.flatMap((g) => g.items).filter((a) => !!a.pending === hasPage(a.slug)).map((a) => `${a.slug}: pending=${!!a.pending}, page=${hasPage(a.slug)}`);
    expect(wrong).toEqual([]);
  });
});
