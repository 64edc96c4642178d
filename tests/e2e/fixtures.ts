import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test as base, expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { startE2eServer, type E2eServer, type Template } from "./servers";

export const DEMO = {
  learner: { account: "demo_learner", password: "Demo@2026learn", mobile: "13800000001", nick: "王晓雯" },
  admin: { account: "demo_admin", password: "Demo@2026admin", mobile: "13800000002", nick: "李建国" },
};
export const CAPTCHA = "2026";
// The worker's server writes the SMS it sends into its data folder.
const outbox = () => join(process.env.E2E_DATA_DIR!, "sms-outbox.jsonl");

/** The newest SMS code sent to a phone, as the development sender wrote it. */
export async function smsCodeFor(mobile: string, after = 0): Promise<string> {
  for (let i = 0; i < 50; i++) {
    try {
      const lines = readFileSync(outbox(), "utf8").trim().split("\n").map((l) => JSON.parse(l) as { mobile: string; code: string; at: string });
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

/** A page of its own signed-in browser that never shows the live-series subscribe pop-up (it would cover the player and panels). */
export async function signedInWithoutSeriesPop(browser: Browser, who: { account: string; password: string }) {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    for (let s = 1; s <= 5; s++) for (let l = 1; l <= 40; l++) localStorage.setItem(`live-series-pop:${s}:${l}`, "1");
  });
  const page = await context.newPage();
  await loginByApi(page, who);
  return page;
}

/** Logs in through the legacy call the old clients use; the context keeps the cookie. */
export async function loginByApi(page: Page, who: { account: string; password: string }) {
  const res = await page.request.post("/api/login/e-learning", {
    data: { authentication_type: "password", account: who.account, password: who.password },
  });
  const body = await res.json();
  expect(body.success, body.message).toBe(true);
}

export const test = base.extend<{ consoleErrors: string[] }, { server: E2eServer }>({
  // A server of the worker's own, started from the run's seeded template (tests/e2e/global-setup.ts).
  server: [
    async ({}, use) => {
      const server = await startE2eServer(JSON.parse(process.env.E2E_TEMPLATE!) as Template);
      // Tests that reach the realtime process or the data folder directly read them here.
      Object.assign(process.env, { E2E_PORT: String(server.port), E2E_REALTIME_PORT: String(server.realtimePort), E2E_DATA_DIR: server.dataDir });
      await use(server);
      await server.stop();
    },
    { scope: "worker", auto: true, timeout: 180_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error") errors.push(m.text());
      });
      page.on("pageerror", (e) => errors.push(e.message));
      await use(errors);
    },
    // Only for the tests that read it: an automatic one would open a page (a browser context) for every test,
    // also those that only make their own contexts or call the server.
    { auto: false },
  ],
});
export { expect };

/** A tRPC call over HTTP as the page's own client makes it; fails the test unless it answers 200. */
export async function trpc<T = any>(request: APIRequestContext, path: string, input: unknown, kind: "query" | "mutation" = "mutation"): Promise<T> {
  const res =
    kind === "query"
      ? await request.get(`/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`)
      : await request.post(`/api/trpc/${path}`, { data: input });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).result.data as T;
}
export const mutate = <T = any>(page: Page, path: string, input: unknown) => trpc<T>(page.request, path, input);
export const query = <T = any>(page: Page, path: string, input: unknown) => trpc<T>(page.request, path, input, "query");

/**
 * A released course of the calling spec's own (the page is logged in as an admin), so no other spec's
 * data changes: free, or sold at `price` cents.
 */
export async function ownCourse(page: Page, name: string, price = 0) {
  const existing = await query<{ list: { storedCoverUrl: string }[] }>(page, "course.admin.page", { keyword: "政府采购法实施条例解读", pageSize: 1 });
  const wares = await query<{ list: { id: number; fileType: number }[] }>(page, "material.admin.courseware.pageList", { pageNo: 1, pageSize: 20 });
  const ware = wares.list.find((w) => w.fileType === 1) ?? wares.list[0]!;
  const { id } = await mutate<{ id: number }>(page, "course.admin.saveBase", { name, teacherName: "韩立", isFree: price ? 0 : 1, price, coverUrl: existing.list[0]!.storedCoverUrl });
  await mutate(page, "course.admin.saveCourseware", { id, chapters: [{ name: "第一章 概述", children: [{ name: "1.1 导读", coursewareId: ware.id }] }] });
  await mutate(page, "course.admin.release", { id, status: 1 });
  return id;
}

/** Closes the open dialog with its 关闭 button and waits until it is gone (a key press can land before the dialog listens). */
export async function closeDialog(page: Page) {
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("关闭", { exact: true }).click();
  await expect(dialog).toBeHidden();
}
