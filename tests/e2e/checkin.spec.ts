import type { Page } from "@playwright/test";
import { DEMO, expect, mutate, query, shot, signedInWithoutSeriesPop, test } from "./fixtures";

// Check-in medals (issue: check-in medals): the widget on a content page opened from a learning map
// counts today's minute down, turns to 今日已打卡 once the server has the minute, and opens the detail
// and share dialogs.

const MAP = "政府采购全流程实务学习地图";
/** Seeded with 45 s of today's study on the map (seedCheckIn), and used by no other spec. */
const LEARNER = { account: "heyu_jd", password: "Caiyun@2026pass" };

type Section = { id: number; type: number; duration: number; watchedSeconds: number };


/** Console errors and page errors of the pages a test opens in contexts of its own. */
function watchErrors(page: Page, errors: string[]) {
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
}

/** The video sections of the map's courses (joined first) with the seconds each can still take (a section credits up to its length). */
async function studySections(page: Page, courseIds: number[]) {
  const out: { courseId: number; id: number; room: number }[] = [];
  for (const courseId of courseIds) {
    await page.request.post("/api/trpc/course.join", { data: { courseId } });
    const detail = await query<{ chapters: { children: Section[] }[] }>(page, "course.learnDetail", { courseId });
    for (const s of detail.chapters.flatMap((c) => c.children)) if (s.type === 1) out.push({ courseId, id: s.id, room: s.duration > 0 ? s.duration - s.watchedSeconds : Infinity });
  }
  return out;
}

test("a content page opened from a map: countdown, 今日已打卡 once studied, the detail dialog with medals, the share dialog", async ({ browser }) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  // The demo learner holds the seeded 3-day medal of the demo map: it names the map and one of its courses.
  const demo = await signedInWithoutSeriesPop(browser, DEMO.learner);
  watchErrors(demo, errors);
  const medals = await query<{ businessId: number; businessName: string; medalType: number }[]>(demo, "checkIn.getCheckInMedal", {});
  const mapId = medals.find((m) => m.businessName === MAP)?.businessId;
  expect(mapId, "the demo map with its check-in campaign is seeded").toBeTruthy();
  const seeded = await query<{ continuousDays: number; medalType: number; taskVO: { contentType: number; contentId: number }[] }>(demo, "checkIn.getCheckInWidget", { businessType: 4, businessId: mapId });
  expect(seeded).toMatchObject({ continuousDays: 3, medalType: 1, isTodayCheckIn: 0 });
  const courseIds = seeded.taskVO.filter((t) => t.contentType === 1).map((t) => t.contentId);
  const courseId = courseIds[0]!;

  await studySections(demo, [courseId]);
  await demo.goto(`/study/platform?id=${courseId}&learningPathId=${mapId}`);
  const demoWidget = demo.getByTestId("checkin-widget");
  await expect(demoWidget.getByTestId("checkin-label")).toHaveText("打卡领勋章");
  await expect(demoWidget.getByTestId("checkin-countdown")).toHaveText(/^0[01]:\d\d$/);
  await shot(demo, "checkin-widget");
  await demoWidget.click();
  const demoDialog = demo.getByTestId("checkin-dialog");
  await expect(demoDialog.getByTestId("checkin-days")).toHaveText("3");
  await expect(demoDialog.getByRole("button", { name: "分享", exact: true })).toBeVisible();
  await demoDialog.getByRole("button", { name: "分享", exact: true }).click();
  const share = demo.getByTestId("medal-award-dialog");
  await expect(share).toContainText("分享「初露锋芒」勋章");
  await expect(share.getByTestId("medal-share-image")).toBeVisible();
  await shot(demo, "checkin-share-dialog");
  await demo.context().close();

  // Another learner studies the map's course today.
  const page = await signedInWithoutSeriesPop(browser, LEARNER);
  watchErrors(page, errors);
  const sections = await studySections(page, courseIds);
  expect(sections.reduce((n, s) => n + s.room, 0)).toBeGreaterThan(80);
  await page.goto(`/study/platform?id=${courseId}&learningPathId=${mapId}`);
  const widget = page.getByTestId("checkin-widget");
  await expect(widget.getByTestId("checkin-label")).toHaveText("打卡领勋章");
  await expect(widget.getByTestId("checkin-countdown")).toHaveText(/^0[01]:\d\d$/);
  const first = await widget.getByTestId("checkin-countdown").textContent();
  await expect(widget.getByTestId("checkin-countdown")).not.toHaveText(first!);

  // Reports every 10 s as the player sends them, across the map's courses; the server measures the time.
  const next = () => sections.find((s) => s.room >= 10) ?? sections[0]!;
  await mutate(page, "course.learn", { courseId: next().courseId, chapterId: next().id, position: 0, event: "play" });
  // Until the server counts more than a minute today (the seed's 45 s make it two reports, a full minute eight).
  for (let i = 1; i <= 8; i++) {
    await page.waitForTimeout(10_000);
    const s = next();
    s.room -= 10;
    await mutate(page, "course.learn", { courseId: s.courseId, chapterId: s.id, position: 5, event: "progress" });
    if ((await query<{ countDown: number }>(page, "checkIn.getCheckInWidget", { businessType: 4, businessId: mapId })).countDown === 0) break;
  }
  // The countdown reaches zero, asks for the award and reads the info again.
  await expect(widget.getByTestId("checkin-label")).toHaveText("今日已打卡", { timeout: 30_000 });
  await expect(widget.getByTestId("checkin-countdown")).toHaveCount(0);
  await shot(page, "checkin-widget-signed");

  await widget.click();
  const dialog = page.getByTestId("checkin-dialog");
  await expect(dialog.getByTestId("checkin-status")).toHaveText("今日已打卡，明天继续保持");
  await expect(dialog.getByTestId("checkin-days")).toHaveText("1");
  await expect(dialog.getByTestId("checkin-medals").getByRole("listitem")).toHaveCount(3);
  for (const name of ["初露锋芒", "持之以恒", "学有所成"]) await expect(dialog.getByTestId("checkin-medals")).toContainText(name);
  await expect(dialog.getByTestId("checkin-carousel").locator("[aria-current=date]")).toHaveAttribute("data-checked", "1");
  await expect(dialog.getByRole("button", { name: "继续学习" })).toBeVisible();
  await shot(page, "checkin-dialog");
  await dialog.getByRole("button", { name: "继续学习" }).click();
  await expect(dialog).toBeHidden();
  expect(errors.filter((e) => !e.includes("WebSocket"))).toEqual([]);
  await page.context().close();
});
