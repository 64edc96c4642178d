import { describe, expect, it } from "vitest";
import { emptyOpenRange, isOpenToAll, rangeFromRows, rangeToRows } from "@base/open-range";

describe("open range value <-> stored rows", () => {
  it("groups stored rows by kind and skips junk", () => {
    const v = rangeFromRows([
      { kind: "role", target: "3" },
      { kind: "group", target: "7" },
      { kind: "group", target: "7" },
      { kind: "tag", target: "x" },
      { kind: "tag", target: 12 },
      { kind: "region", target: "330100" },
      { kind: "other", target: "1" },
    ]);
    expect(v).toEqual({ roleIds: [3], groupIds: [7], tagIds: [12], areaCodes: ["330100"] });
  });

  it("round-trips to rows in a stable order", () => {
    const rows = rangeToRows({ roleIds: [2, 2], groupIds: [5], tagIds: [9], areaCodes: ["110000"] });
    expect(rows).toEqual([
      { kind: "role", target: "2" },
      { kind: "group", target: "5" },
      { kind: "tag", target: "9" },
      { kind: "region", target: "110000" },
    ]);
    expect(rangeFromRows(rows)).toEqual({ roleIds: [2], groupIds: [5], tagIds: [9], areaCodes: ["110000"] });
  });

  it("empty means open to all", () => {
    expect(isOpenToAll(emptyOpenRange())).toBe(true);
    expect(rangeToRows(emptyOpenRange())).toEqual([]);
    expect(isOpenToAll(rangeFromRows(null))).toBe(true);
    expect(isOpenToAll({ ...emptyOpenRange(), areaCodes: ["1"] })).toBe(false);
  });
});
