import { and, asc, eq, isNull } from "drizzle-orm";
import type { Db } from "@db/client";
import { auditLogs, courses, exams, lives, users } from "@db/schema";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The back office's recent history as the audit log shows it: the admin preparing the year's exam and a
 * live, a learner's wrong passwords and the lockout that followed, the admin's unlock. Entries are written
 * as the application writes them (the log takes inserts only).
 */
export async function seedAudit(db: Db) {
  const [admin] = await db.select().from(users).where(eq(users.loginName, "demo_admin"));
  const [learner] = await db.select().from(users).where(eq(users.loginName, "zhangmin_cg"));
  const [course] = await db.select().from(courses).where(and(eq(courses.status, 1), isNull(courses.deletedAt))).orderBy(asc(courses.id)).limit(1);
  const [exam] = await db.select().from(exams).where(isNull(exams.deletedAt)).orderBy(asc(exams.id)).limit(1);
  const [live] = await db.select().from(lives).orderBy(asc(lives.id)).limit(1);
  if (!admin) return;
  const now = Date.now();
  const by = { actorId: admin.id, actorName: admin.nick, ip: "10.20.31.8" };
  const rows: (typeof auditLogs.$inferInsert)[] = [
    { ...by, category: "security", action: "auth.login.success", entity: "user", entityId: String(admin.id), changes: { method: "password", account: admin.loginName }, createdAt: new Date(now - 3 * DAY - 2 * HOUR) },
    ...(course ? [{ ...by, category: "edit", action: "course.admin.saveBase", entity: "course", entityId: String(course.id), changes: { id: course.id, name: course.name, learnHour: 2 }, createdAt: new Date(now - 3 * DAY - HOUR) }] : []),
    ...(exam ? [{ ...by, category: "status", action: "exam.admin.exam.enable", entity: "exam", entityId: String(exam.id), changes: { ids: [exam.id] }, createdAt: new Date(now - 3 * DAY - 40 * 60_000) }] : []),
    ...(live ? [{ ...by, category: "edit", action: "live.admin.save", entity: "live", entityId: String(live.id), changes: { id: live.id, name: live.name }, createdAt: new Date(now - 2 * DAY - 5 * HOUR) }] : []),
    { ...by, category: "create", action: "org.admin.tags.create", entity: "org", entityId: "", changes: { name: "评审专家", remark: "省级评审专家库成员" }, createdAt: new Date(now - 2 * DAY - 4 * HOUR) },
  ];
  if (learner) {
    const tries = { actorId: learner.id, actorName: learner.loginName, ip: "113.108.77.20", entity: "user", entityId: String(learner.id) };
    for (let i = 0; i < 5; i++)
      rows.push({ ...tries, category: "security", action: "auth.login.failed", changes: { method: "password", account: learner.loginName, reason: "wrong-password" }, outcome: 0, message: "密码错误", createdAt: new Date(now - DAY - 3 * HOUR + i * 40_000) });
    rows.push({ ...tries, actorName: learner.nick, category: "security", action: "auth.lockout", changes: { minutes: 30 }, createdAt: new Date(now - DAY - 3 * HOUR + 4 * 40_000 + 500) });
    rows.push({ ...by, category: "status", action: "org.admin.users.unlock", entity: "org", entityId: String(learner.id), changes: { userId: learner.id }, createdAt: new Date(now - DAY - 2 * HOUR) });
  }
  await db.insert(auditLogs).values(rows);
}
