import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test as base, expect, type Page } from "@playwright/test";

export const DEMO = {
  learner: { account: "demo_learner", password: "Demo@2026learn", mobile: "13800000001", nick: "王晓雯" },
  admin: { account: "demo_admin", password: "Demo@2026admin", mobile: "13800000002", nick: "李建国" },
};
export const CAPTCHA = "2026";
const outbox = join(process.cwd(), ".tmp", "e2e-data", "sms-outbox.jsonl");

/** The newest SMS code sent to a phone, as the development sender wrote it. */
export async function smsCodeFor(mobile: string, after = 0): Promise<string> {
  for (let i = 0; i < 50; i++) {
    try {
      const lines = readFileSync(outbox, "utf8").trim().split("\n").map((l) => JSON.parse(l) as { mobile: string; code: string; at: string });
      const hit = lines.filter((l) => l.mobile === mobile && Date.parse(l.at) >= after).pop();
      if (hit) return hit.code;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no SMS for ${mobile}`);
}

export async function shot(page: Page, name: string) {
  await page.screenshot({ path: `tests/e2e/screenshots/${name}.png`, fullPage: false });
}

/** Logs in through the legacy call the old clients use; the context keeps the cookie. */
export async function loginByApi(page: Page, who: { account: string; password: string }) {
  const res = await page.request.post("/api/login/e-learning", {
    data: { authentication_type: "password", account: who.account, password: who.password },
  });
  const body = await res.json();
  expect(body.success, body.message).toBe(true);
}

export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error") errors.push(m.text());
      });
      page.on("pageerror", (e) => errors.push(e.message));
      await use(errors);
    },
    { auto: true },
  ],
});
export { expect };
