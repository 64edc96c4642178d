import { z } from "zod";
import { idOf } from "@base/legacy-input";
import { repairExamCerts } from "../../cert/admin.service";
import { recomputeLearner, unlockLearnClock } from "../../course/progress.service";
import { defineTool } from "../tool";

// Repairs: each recomputes from the records through the service that owns the rule, and a second run
// changes nothing.

export const refreshUserLearnTool = defineTool({
  code: "refreshUserLearn",
  group: "repair",
  title: "重算学员学习数据",
  description: "按章节学习记录重算学员各课程的进度、学习时长与完成状态（补发应得的证书），并重算账号上的学时、学习课程数与学习时长。",
  input: z.object({ userId: idOf("学员ID") }),
  fields: [{ name: "userId", label: "学员ID", kind: "number", required: true }],
  run: (ctx, i) => recomputeLearner(ctx.db, i.userId),
});

export const unlockLearnCoursewareTool = defineTool({
  code: "unlockLearnCourseware",
  group: "repair",
  title: "解锁课件学习进度",
  description: "检查学员在课程中的学习资格与学习计时；计时停在未来时刻（学时不再累计）时重置为当前时间，并列出检查了什么。",
  input: z.object({ userId: idOf("学员ID"), courseId: idOf("课程ID") }),
  fields: [
    { name: "userId", label: "学员ID", kind: "number", required: true },
    { name: "courseId", label: "课程ID", kind: "number", required: true },
  ],
  run: (ctx, i) => unlockLearnClock(ctx.db, i.userId, i.courseId),
});

export const repairExamCertTool = defineTool({
  code: "repairExamCert",
  group: "repair",
  title: "补发考试证书",
  description: "为通过该考试但尚未获得证书的学员补发证书（考试须已绑定证书模板），已有证书的不重复发放。",
  input: z.object({ examId: idOf("考试ID") }),
  fields: [{ name: "examId", label: "考试ID", kind: "number", required: true }],
  run: (ctx, i) => repairExamCerts(ctx.db, i.examId),
});
