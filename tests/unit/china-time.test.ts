import { afterAll, describe, expect, it } from "vitest";
import { parseChinaDateTime } from "@base/china-time";
import { fromChinaInput, toChinaInput } from "@base/format";

const zone = process.env.TZ;
afterAll(() => {
  process.env.TZ = zone;
});

// 2026-03-01 09:00 in Beijing.
const NINE_AM = Date.UTC(2026, 2, 1, 1, 0);

describe.each(["UTC", "America/New_York", "Asia/Shanghai"])("date fields in a browser or host set to %s", (tz) => {
  it("show and read China time", () => {
    process.env.TZ = tz;
    expect(toChinaInput(NINE_AM)).toBe("2026-03-01T09:00");
    expect(fromChinaInput("2026-03-01T09:00")).toBe(NINE_AM);
    expect(fromChinaInput(toChinaInput(NINE_AM + 37 * 60_000))).toBe(NINE_AM + 37 * 60_000);
    expect(fromChinaInput("")).toBeNaN();
  });
  it("the server reads zone-less times as China time and keeps explicit zones", () => {
    process.env.TZ = tz;
    expect(parseChinaDateTime("2026-03-01 09:00")).toBe(NINE_AM);
    expect(parseChinaDateTime("2026-03-01T09:00:00")).toBe(NINE_AM);
    expect(parseChinaDateTime("2026-03-01")).toBe(NINE_AM - 9 * 3600_000);
    expect(parseChinaDateTime("2026-03-01T01:00:00Z")).toBe(NINE_AM);
    expect(parseChinaDateTime("2026-02-30 09:00")).toBeNaN();
    expect(parseChinaDateTime("2026-03-01 09:75")).toBeNaN();
    expect(parseChinaDateTime("2026-03-01 09:00:60")).toBeNaN();
    expect(parseChinaDateTime("2026-03-01 24:00")).toBeNaN();
    expect(parseChinaDateTime("明天")).toBeNaN();
  });
});
