import { expect, it } from "vitest";
import { groupBy } from "@base/group";

it("groups items by key, keys in the order first seen and each key's items in theirs", () => {
  const rows = [
    { exam: 7, user: 1 },
    { exam: 3, user: 2 },
    { exam: 7, user: 3 },
  ];
  const groups = groupBy(rows, (r) => r.exam);
  expect([...groups.keys()]).toEqual([7, 3]);
  expect(groups.get(7)!.map((r) => r.user)).toEqual([1, 3]);
  expect(groups.get(3)!.map((r) => r.user)).toEqual([2]);
  expect(groupBy([], (r: number) => r).size).toBe(0);
});
