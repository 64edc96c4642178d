import { badInput } from "@base/errors";

// The price block of the back-office forms of sold content (courses, lives, learning maps): typed in
// yuan, posted as priceYuan / scribingYuan / learnHour, stored in cents.

export interface PriceValue {
  isFree: number;
  price: number;
  scribingPrice: number;
  learnHour: number;
}

const yuanText = (cents: number) => (cents ? String(cents / 100) : "");

/** "99" or "99.5" yuan as cents; blank is 0 (free). */
export function yuanToCents(v: FormDataEntryValue | null) {
  const s = String(v ?? "").trim();
  if (!s) return 0;
  if (!/^\d+(\.\d{1,2})?$/.test(s)) throw badInput("价格须为数字，最多两位小数");
  return Math.round(Number(s) * 100);
}

/** The price a form posted: free when no price is typed. */
export function priceFromForm(form: FormData) {
  const price = yuanToCents(form.get("priceYuan"));
  const learnHour = String(form.get("learnHour") ?? "").trim();
  return { isFree: price > 0 ? 0 : 1, price, scribingPrice: yuanToCents(form.get("scribingYuan")), learnHour: learnHour === "" ? undefined : learnHour };
}

/** 价格 / 划线价 / 学时 inputs; an empty price keeps the content free. */
export function PriceFields({ value, what, inputClass, labelClass = "text-sm", defaultLearnHour = 0 }: { value: PriceValue | null; what: string; inputClass: string; labelClass?: string; defaultLearnHour?: number }) {
  return (
    <>
      <label className={labelClass}>
        价格（元）
        <input name="priceYuan" inputMode="decimal" defaultValue={value && !value.isFree ? yuanText(value.price) : ""} placeholder={`不填则${what}免费`} className={inputClass} />
      </label>
      <label className={labelClass}>
        划线价（元）
        <input name="scribingYuan" inputMode="decimal" defaultValue={value && !value.isFree ? yuanText(value.scribingPrice) : ""} placeholder="选填，不低于价格" className={inputClass} />
      </label>
      <label className={labelClass}>
        学时
        <input name="learnHour" type="number" min={0} max={1000} defaultValue={value?.learnHour ?? defaultLearnHour} className={inputClass} />
      </label>
    </>
  );
}
