import { z } from "zod";
import type { DbOrTx } from "@db/client";
import { pageResults } from "./exam.service";
import { practiceUsers } from "./practice-admin.service";
import { sheetWith, toFile } from "./question-excel";
import type { practiceUserPageInput, ResultPageInput } from "./schemas";
import { formatDateTime } from "@base/format";

// Excel exports of the exam back office: the same rows and filters as the pages they come from, every
// time in China time. The answer carries the workbook as base64 so every client can save it.

const JOIN_STATUS = ["未开始", "考试中", "已交卷"];

/** 考试成绩: one row per learner with a submitted paper, as filtered on the results page. */
export async function exportResults(db: DbOrTx, input: ResultPageInput) {
  const r = await pageResults(db, input, { all: true });
  const rows = r.list.map((x) => [x.name, x.userName, x.mobile, x.paperCount, x.score ?? "", x.pendingCount ? "待批阅" : x.isPassed ? "及格" : "不及格", formatDateTime(x.lastTime)]);
  return toFile(sheetWith(["姓名", "用户名", "手机号", "交卷次数", "最高分", "结果", "最后交卷时间"], rows, "考试成绩"), `${r.examName}-考试成绩.xlsx`);
}

/** 考试人员: every member of the exam, as filtered on the members tab. */
export async function exportMembers(db: DbOrTx, input: ResultPageInput) {
  const r = await pageResults(db, input, { all: true, members: true });
  const rows = r.list.map((x) => [x.name, x.userName, x.mobile, x.joinType === 2 ? "管理员添加" : "自主报名", JOIN_STATUS[x.joinStatus]!, x.score ?? ""]);
  return toFile(sheetWith(["姓名", "用户名", "手机号", "参加方式", "参加状态", "最高分"], rows, "考试人员"), `${r.examName}-考试人员.xlsx`);
}

/** 练习人员: a practice's learners with their figures, as filtered on its users tab. */
export async function exportPracticeUsers(db: DbOrTx, input: z.output<typeof practiceUserPageInput>) {
  const r = await practiceUsers(db, input.id, { keyword: input.keyword, source: input.source, pageNo: 1, pageSize: 100_000 });
  const rows = r.list.map((u) => [
    u.name,
    u.userName,
    u.mobile,
    u.source === 1 ? "指定人员" : "开放范围",
    u.answeredCount,
    u.correctCount,
    `${u.correctRate}%`,
    u.doneQuestionCount,
    u.wrongCount,
    formatDateTime(u.lastPracticeTime),
  ]);
  return toFile(sheetWith(["姓名", "用户名", "手机号", "来源", "答题数", "答对数", "正确率", "已练题目数", "错题数", "最近练习时间"], rows, "练习人员"), `${r.practiceName}-练习人员.xlsx`);
}
