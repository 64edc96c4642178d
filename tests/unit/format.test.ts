import { describe, expect, it } from "vitest";
import {
  cleanKeyword,
  durationParts,
  formatDate,
  formatDateTime,
  formatCount,
  formatMonthDayTime,
  formatTime,
  formatDuration,
  formatMoney,
  maskIdNo,
  maskMobile,
  maskName,
  stripEmoji,
} from "@base/format";
import { chinaDateKey, chinaDayStart } from "@base/china-time";

describe("formatCount", () => {
  it("shows counts up to 10,000 as they are", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(9999)).toBe("9999");
    expect(formatCount(10_000)).toBe("10000");
  });
  it("shows counts above 10,000 as x.xw without rounding up", () => {
    expect(formatCount(10_001)).toBe("1.0w");
    expect(formatCount(12_345)).toBe("1.2w");
    expect(formatCount(19_999)).toBe("1.9w");
    expect(formatCount(99_999)).toBe("9.9w");
    expect(formatCount(100_000)).toBe("10.0w");
  });
  it("shows counts above 100,000 as 10w+", () => {
    expect(formatCount(100_001)).toBe("10w+");
    expect(formatCount(3_000_000)).toBe("10w+");
  });
  it("treats missing and negative values as 0", () => {
    expect(formatCount(undefined)).toBe("0");
    expect(formatCount(null)).toBe("0");
    expect(formatCount(-5)).toBe("0");
  });
});

describe("formatMoney", () => {
  it("drops decimals for whole yuan", () => {
    expect(formatMoney(19_900)).toBe("199");
    expect(formatMoney(0)).toBe("0");
    expect(formatMoney(100)).toBe("1");
  });
  it("keeps two decimals when fractional", () => {
    expect(formatMoney(1990)).toBe("19.90");
    expect(formatMoney(19_950)).toBe("199.50");
    expect(formatMoney(1)).toBe("0.01");
    expect(formatMoney(-250)).toBe("-2.50");
  });
  it("treats missing as 0", () => {
    expect(formatMoney(null)).toBe("0");
  });
});

describe("formatDuration", () => {
  it("reads seconds as hours and minutes", () => {
    expect(formatDuration(0)).toBe("0分钟");
    expect(formatDuration(59)).toBe("0分钟");
    expect(formatDuration(300)).toBe("5分钟");
    expect(formatDuration(7200)).toBe("2小时");
    expect(formatDuration(7500)).toBe("2小时5分钟");
    expect(formatDuration(null)).toBe("0分钟");
  });
  it("gives the parts for big-number displays", () => {
    expect(durationParts(3 * 3600 + 59 * 60 + 59)).toEqual({ hours: 3, minutes: 59 });
  });
});

describe("masking", () => {
  it("keeps the first and last 4 characters of an ID number", () => {
    expect(maskIdNo("330106199001011234")).toBe("3301**********1234");
    expect(maskIdNo("33010619900101X")).toBe("3301*******101X");
    expect(maskIdNo("12345678")).toBe("12345678");
    expect(maskIdNo(null)).toBe("");
  });
  it("keeps the first and last character of a name", () => {
    expect(maskName("张三丰")).toBe("张*丰");
    expect(maskName("欧阳娜娜")).toBe("欧**娜");
    expect(maskName("张三")).toBe("张*");
    expect(maskName("张")).toBe("张");
    expect(maskName("")).toBe("");
  });
  it("keeps the first 3 and last 4 digits of a mobile number", () => {
    expect(maskMobile("13812345678")).toBe("138****5678");
    expect(maskMobile("123456")).toBe("123456");
    expect(maskMobile(null)).toBe("");
  });
});

describe("search keyword", () => {
  it("removes emojis but keeps digits and Chinese", () => {
    expect(stripEmoji("政府采购😀法2024👍🏻")).toBe("政府采购法2024");
    expect(stripEmoji("家庭👨‍👩‍👧课程🇨🇳")).toBe("家庭课程");
    expect(stripEmoji("#1 课程")).toBe("#1 课程");
  });
  it("trims and cuts to 32 characters", () => {
    expect(cleanKeyword("  采购  ")).toBe("采购");
    expect(cleanKeyword("采".repeat(40))).toBe("采".repeat(32));
    expect(cleanKeyword(undefined)).toBe("");
    expect(cleanKeyword("😀😀")).toBe("");
  });
});

describe("formatDateTime", () => {
  it("shows China time whatever the machine's zone", () => {
    expect(formatDateTime(Date.UTC(2026, 10, 22, 16, 5))).toBe("2026-11-23 00:05");
    expect(formatDateTime(null)).toBe("");
  });
  it("has date, month-day-time and time-of-day variants in China time", () => {
    const ms = Date.UTC(2026, 11, 31, 16, 0, 9);
    expect(formatDate(ms)).toBe("2027-01-01");
    expect(formatMonthDayTime(ms)).toBe("01-01 00:00");
    expect(formatTime(ms)).toBe("00:00:09");
    expect(formatDate(Number.NaN)).toBe("");
  });
});

describe("China calendar days on the server", () => {
  it("turn at midnight in Beijing whatever the host's zone", () => {
    expect(chinaDayStart(Date.UTC(2026, 10, 22, 15, 59)).toISOString()).toBe("2026-11-21T16:00:00.000Z");
    expect(chinaDayStart(new Date(Date.UTC(2026, 10, 22, 16, 0))).toISOString()).toBe("2026-11-22T16:00:00.000Z");
    expect(chinaDateKey(Date.UTC(2026, 11, 31, 16, 0))).toBe("20270101");
  });
});
