import { describe, expect, it } from "vitest";
import { invoiceTone, orderTone, revenuePoints, yuan } from "~/components/admin/order/order-format";

describe("the back office's order figures", () => {
  it("shows cents as yuan with the sign", () => {
    expect(yuan(19900)).toBe("¥199");
    expect(yuan(4990)).toBe("¥49.90");
    expect(yuan(0)).toBe("¥0");
  });

  it("turns the revenue days into chart points in yuan, labelled by month and day", () => {
    expect(revenuePoints([{ day: "2026-11-26", paidCount: 3, amount: 34700, refundAmount: 19900 }])).toEqual([
      { day: "2026-11-26", label: "11-26", amount: 347, refundAmount: 199, paidCount: 3 },
    ]);
  });

  it("gives each order and invoice state its colour", () => {
    expect([0, 1, 2, 3, 4].map(orderTone)).toEqual(["orange", "green", "gray", "gray", "red"]);
    expect([-1, 0, 1, 2].map(invoiceTone)).toEqual(["gray", "orange", "green", "red"]);
  });
});
