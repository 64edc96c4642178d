import { eq } from "drizzle-orm";
import type { Db } from "@db/client";
import { users } from "@db/schema";
import { createTask, setTaskStatus } from "@trpc-app/message/task.service";

export const SEEDED_TASKS = { exam: "考试开始前30分钟提醒", live: "直播开始前15分钟提醒" };

/** Two enabled message tasks: reminders before an exam and before a live, with the scenes' own templates. */
export async function seedMessageTasks(db: Db) {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.loginName, "demo_admin"));
  if (!admin) return;
  const exam = await createTask(db, admin.id, {
    name: SEEDED_TASKS.exam,
    sceneType: "EXAM_START",
    params: { leadMinutes: 30 },
    title: "考试即将开始：{考试名称}",
    content: "{学员姓名}，您好！您报名的考试「{考试名称}」将于{开始时间}开始，请提前10分钟进入考场，确认网络和摄像头正常。",
    link: null,
  });
  const live = await createTask(db, admin.id, {
    name: SEEDED_TASKS.live,
    sceneType: "LIVE_START",
    params: { leadMinutes: 15 },
    title: "直播即将开始：{直播名称}",
    content: "{学员姓名}，您好！您预约的直播「{直播名称}」（主讲：{主讲人}）将于{开始时间}开始，点击即可进入直播间。",
    link: null,
  });
  for (const t of [exam, live]) await setTaskStatus(db, t.id, 1);
}
