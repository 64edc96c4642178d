import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "@db/client";
import { COURSE_STATUS, commentLikes, commentReplies, courseComments, courses, users } from "@db/schema";

const HOUR = 3600 * 1000;

/** A few learners' comments on the first two released courses, one answered by the admin and one pinned. */
export async function seedComments(db: Db) {
  const list = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.status, COURSE_STATUS.released), isNull(courses.deletedAt)))
    .orderBy(asc(courses.id))
    .limit(2);
  const people = await db
    .select({ id: users.id, loginName: users.loginName })
    .from(users)
    .where(inArray(users.loginName, ["demo_admin", "chenjing88", "zhaolei_dl", "huangli_cw", "xuhao2024"]));
  const by = (name: string) => people.find((p) => p.loginName === name)?.id;
  const admin = by("demo_admin");
  if (list.length < 2 || !admin) return;
  const [first, second] = list as [{ id: number }, { id: number }];
  const rows: { courseId: number; who: string; content: string; hoursAgo: number; pinned?: boolean }[] = [
    { courseId: first.id, who: "chenjing88", content: "老师把采购需求管理讲得很透彻，特别是需求调查那部分，结合我们单位的实际很有启发。", hoursAgo: 70, pinned: true },
    { courseId: first.id, who: "zhaolei_dl", content: "第三章的案例能不能再多讲几个？代理机构在实际操作中经常遇到类似的质疑。", hoursAgo: 30 },
    { courseId: first.id, who: "huangli_cw", content: "课件很清晰，已经推荐给科室的同事一起学习了。", hoursAgo: 5 },
    { courseId: second.id, who: "xuhao2024", content: "关于评审专家抽取的规定，希望后续能更新最新的文件解读。", hoursAgo: 50 },
    { courseId: second.id, who: "chenjing88", content: "讲解节奏适中，每节课后的小结很有帮助。", hoursAgo: 12 },
  ];
  const made: number[] = [];
  for (const r of rows) {
    const userId = by(r.who);
    if (!userId) continue;
    const at = new Date(Date.now() - r.hoursAgo * HOUR);
    const [c] = await db
      .insert(courseComments)
      .values({ courseId: r.courseId, userId, content: r.content, createdAt: at, updatedAt: at, pinnedAt: r.pinned ? at : null })
      .returning();
    made.push(c!.id);
  }
  const asked = made[1];
  const askedBy = by("zhaolei_dl");
  if (asked && askedBy) {
    await db.insert(commentReplies).values({
      commentId: asked,
      adminId: admin,
      toUserId: askedBy,
      content: "感谢建议！下周将补充两个质疑处理的典型案例，敬请关注课程更新。",
      createdAt: new Date(Date.now() - 20 * HOUR),
    });
    await db.update(courseComments).set({ replyCount: 1 }).where(eq(courseComments.id, asked));
  }
  const liked = made[0];
  const fans = ["zhaolei_dl", "huangli_cw", "xuhao2024"].map(by).filter((x): x is number => !!x);
  if (liked && fans.length) {
    await db.insert(commentLikes).values(fans.map((userId) => ({ commentId: liked, userId })));
    await db.update(courseComments).set({ likeCount: fans.length }).where(eq(courseComments.id, liked));
  }
}
