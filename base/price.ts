import { z } from "zod";
import { intWithin, opt } from "./legacy-input";

// What a sold piece of content costs: shared by courses, lives and learning maps (cents everywhere).

export interface Priced {
  isFree: number;
  price: number;
}

/** Content that costs money and is not marked free: learners get it by buying or redeeming, not by joining. */
export const isPaid = (c: Priced) => c.isFree === 0 && c.price > 0;

/** The price fields of a back-office form or an old client's call; yuan are turned into cents by the form. */
export const priceFields = {
  isFree: opt(intWithin("是否免费", 0, 1)),
  price: opt(intWithin("价格", 0, 100_000_000)),
  scribingPrice: opt(intWithin("划线价", 0, 100_000_000)),
  learnHour: opt(intWithin("学时", 0, 1000)),
};

type PriceInput = { isFree?: number; price?: number; scribingPrice?: number; learnHour?: number };

/**
 * The stored price of content: free unless a price is given (or isFree 0 says it is sold, which then needs
 * a price above 0); a strike-through price below the price is refused. Nothing given: free.
 */
export function settlePrice(v: PriceInput, ctx: z.RefinementCtx, what: string) {
  const isFree = v.isFree ?? (v.price ? 0 : 1);
  const price = isFree ? 0 : (v.price ?? 0);
  if (!isFree && price <= 0) ctx.addIssue({ code: "custom", message: `付费${what}请填写大于0的价格`, path: ["price"] });
  const scribingPrice = isFree ? 0 : (v.scribingPrice ?? 0);
  if (scribingPrice && scribingPrice < price) ctx.addIssue({ code: "custom", message: "划线价不能低于售价", path: ["scribingPrice"] });
  return { isFree, price, scribingPrice };
}

/** The price shown to learners (realPrice 0 when free), as recommendation items and detail pages carry it. */
export const priceView = (c: Priced & { scribingPrice: number }) => ({
  isFree: isPaid(c) ? 0 : 1,
  realPrice: isPaid(c) ? c.price : 0,
  scribingPrice: isPaid(c) ? Math.max(c.scribingPrice, c.price) : 0,
});

/** The price columns an edit writes: only those the call settled (an edit silent on the price keeps it). */
export const priceColumns = (v: { isFree?: number; price?: number; scribingPrice?: number; learnHour?: number }) => ({
  ...(v.isFree !== undefined ? { isFree: v.isFree, price: v.price ?? 0, scribingPrice: v.scribingPrice ?? 0 } : {}),
  ...(v.learnHour !== undefined ? { learnHour: v.learnHour } : {}),
});
