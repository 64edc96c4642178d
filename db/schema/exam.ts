import { relations, sql } from "drizzle-orm";
import { bigint, doublePrecision, index, integer, jsonb, pgTable, smallint, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { createdAt, id, timestamps, tz } from "./_columns";

/** Question types: 1 single choice, 2 multiple choice, 3 true/false, 4 fill-in, 5 short answer (corrected by hand). */
export type QuestionType = 1 | 2 | 3 | 4 | 5;
export interface QuestionOption {
  key: string;
  content: string;
}
/** A rule of a random paper: draw `count` questions matching the filters, each worth `score`. */
export interface PaperRule {
  questionType: QuestionType;
  difficultyType?: number | null;
  folderId?: number | null;
  count: number;
  score: number;
}
/** One question of a learner's paper, frozen when the paper is built. */
export interface PaperItem {
  questionId: number;
  score: number;
}

/** The question bank (materialLibQuestion). */
export const examQuestions = pgTable(
  "exam_questions",
  {
    id: id(),
    questionType: smallint("question_type").$type<QuestionType>().notNull(),
    /** 1 easy, 2 medium, 3 hard. */
    difficultyType: smallint("difficulty_type").notNull().default(2),
    /** Material-library folder id (materialLibFolderId); kept without a foreign key so the bank stands alone. */
    folderId: bigint("folder_id", { mode: "number" }),
    content: text("content").notNull(),
    options: jsonb("options").$type<QuestionOption[]>().notNull().default([]),
    /** Choice keys; for fill-in one entry per blank with accepted answers separated by "|"; for short answer the reference text. */
    answer: jsonb("answer").$type<string[]>().notNull().default([]),
    analysis: text("analysis").notNull().default(""),
    /** 1 usable, 0 disabled. */
    status: smallint("status").notNull().default(1),
    createdBy: bigint("created_by", { mode: "number" }),
    deletedAt: tz("deleted_at"),
    ...timestamps(),
  },
  (t) => [index("exam_questions_pick_idx").on(t.questionType, t.difficultyType, t.folderId)],
);

/** Test papers: 1 fixed (questions picked by hand), 2 random (drawn by rules for each learner). */
export const examPapers = pgTable("exam_papers", {
  id: id(),
  name: varchar("name", { length: 100 }).notNull(),
  paperType: smallint("paper_type").notNull().default(1),
  rules: jsonb("rules").$type<PaperRule[]>().notNull().default([]),
  totalScore: integer("total_score").notNull().default(0),
  questionCount: integer("question_count").notNull().default(0),
  createdBy: bigint("created_by", { mode: "number" }),
  deletedAt: tz("deleted_at"),
  ...timestamps(),
});

export const examPaperQuestions = pgTable(
  "exam_paper_questions",
  {
    id: id(),
    paperId: bigint("paper_id", { mode: "number" })
      .notNull()
      .references(() => examPapers.id, { onDelete: "cascade" }),
    questionId: bigint("question_id", { mode: "number" })
      .notNull()
      .references(() => examQuestions.id),
    score: integer("score").notNull(),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [uniqueIndex("exam_paper_questions_uq").on(t.paperId, t.questionId)],
);

/** An exam: a paper, a time window and the rules of sitting it (Exam info entity of the spec). */
export const exams = pgTable(
  "exams",
  {
    id: id(),
    name: varchar("name", { length: 100 }).notNull(),
    coverUrl: text("cover_url").notNull().default(""),
    description: text("description").notNull().default(""),
    paperId: bigint("paper_id", { mode: "number" }).references(() => examPapers.id),
    /** Exams of a course's material (joinMaterialTest) carry the course id. */
    courseId: bigint("course_id", { mode: "number" }),
    startTime: tz("start_time").notNull(),
    endTime: tz("end_time").notNull(),
    /** Minutes; 0 means until the exam ends. */
    limitTime: integer("limit_time").notNull().default(60),
    makeupCount: integer("makeup_count").notNull().default(0),
    passScore: integer("pass_score").notNull().default(60),
    maxScore: integer("max_score").notNull().default(100),
    showAnswers: smallint("show_answers").notNull().default(0),
    /** Seconds the notice must be read before the next button enables. */
    forcedReadTime: integer("forced_read_time").notNull().default(0),
    instructions: text("instructions").notNull().default(""),
    isEnableScreenCutting: smallint("is_enable_screen_cutting").notNull().default(0),
    isScreenCuttingRemind: smallint("is_screen_cutting_remind").notNull().default(0),
    screenCuttingTimes: integer("screen_cutting_times").notNull().default(0),
    isFaceVerify: smallint("is_face_verify").notNull().default(0),
    faceVerifyCount: integer("face_verify_count").notNull().default(3),
    /** Similarity (0-100) a face check must reach; see docs/decisions/006-proctoring.md for the scale. */
    faceVerifyThreshold: integer("face_verify_threshold").notNull().default(95),
    isEnableVideoRecording: smallint("is_enable_video_recording").notNull().default(0),
    isSnapVerify: smallint("is_snap_verify").notNull().default(0),
    isOpenSoftMonitor: smallint("is_open_soft_monitor").notNull().default(0),
    winDownloadUrl: text("win_download_url").notNull().default(""),
    macInterDownloadUrl: text("mac_inter_download_url").notNull().default(""),
    macM1DownloadUrl: text("mac_m1_download_url").notNull().default(""),
    /** 少选得分: a multiple choice with some right keys and no wrong one earns partialScoreRate % (floored to 0.5). */
    isPartialScore: smallint("is_partial_score").notNull().default(0),
    partialScoreRate: integer("partial_score_rate").notNull().default(50),
    /** 填空按空给分: each right blank earns its share of the question's points (floored to 0.5). */
    isBlankScore: smallint("is_blank_score").notNull().default(0),
    /** 1 enabled (visible to learners), 0 disabled. */
    status: smallint("status").notNull().default(0),
    /** 1 once the editor submitted all tabs (submitExam). */
    submitted: smallint("submitted").notNull().default(0),
    sort: integer("sort").notNull().default(0),
    createdBy: bigint("created_by", { mode: "number" }),
    deletedAt: tz("deleted_at"),
    ...timestamps(),
  },
  (t) => [index("exams_time_idx").on(t.startTime, t.endTime), index("exams_name_trgm").using("gin", sql`${t.name} gin_trgm_ops`)],
);

/** Open range of an exam (roles, groups, tags, regions): no rows means open to every logged-in user. */
export const examOpenRanges = pgTable(
  "exam_open_ranges",
  {
    id: id(),
    examId: bigint("exam_id", { mode: "number" })
      .notNull()
      .references(() => exams.id, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 10 }).$type<"role" | "group" | "tag" | "region">().notNull(),
    target: varchar("target", { length: 40 }).notNull(),
  },
  (t) => [uniqueIndex("exam_open_ranges_uq").on(t.examId, t.kind, t.target)],
);

/** A learner registered for an exam (themselves or added by an admin). */
export const examMembers = pgTable(
  "exam_members",
  {
    id: id(),
    examId: bigint("exam_id", { mode: "number" })
      .notNull()
      .references(() => exams.id, { onDelete: "cascade" }),
    userId: bigint("user_id", { mode: "number" }).notNull(),
    /** 1 registered themselves, 2 added by an admin. */
    joinType: smallint("join_type").notNull().default(1),
    /** 1 when the learner asked to be reminded of the start. */
    remind: smallint("remind").notNull().default(0),
    remindResult: smallint("remind_result").notNull().default(0),
    enteredHallAt: tz("entered_hall_at"),
    /** The pre-check notice: first shown (the forced read counts from here) and read through, once per exam. */
    noticeShownAt: tz("notice_shown_at"),
    noticeReadAt: tz("notice_read_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("exam_members_uq").on(t.examId, t.userId), index("exam_members_user_idx").on(t.userId)],
);

/**
 * One sitting of an exam by a learner: it is also the learner's paper (its id is the paperId of the calls).
 * status 0 prepared (built before the start), 1 answering, 2 submitted.
 */
export const examAttempts = pgTable(
  "exam_attempts",
  {
    id: id(),
    examId: bigint("exam_id", { mode: "number" })
      .notNull()
      .references(() => exams.id, { onDelete: "cascade" }),
    userId: bigint("user_id", { mode: "number" }).notNull(),
    attemptNo: integer("attempt_no").notNull(),
    items: jsonb("items").$type<PaperItem[]>().notNull(),
    status: smallint("status").notNull().default(0),
    startedAt: tz("started_at"),
    deadline: tz("deadline"),
    submittedAt: tz("submitted_at"),
    /** 1 learner, 2 time up, 3 screen-cut limit, 4 sweep of overdue attempts. */
    submitType: smallint("submit_type"),
    /** Multiples of 0.5 once partial credit is on; whole points otherwise. */
    score: doublePrecision("score"),
    objectiveScore: doublePrecision("objective_score"),
    /** Short answers still waiting for manual correction. */
    pendingCount: integer("pending_count").notNull().default(0),
    isPass: smallint("is_pass"),
    screenCutCount: integer("screen_cut_count").notNull().default(0),
    /** When each screen switch was reported (ms), in order; the fraud check's timeline reads it. */
    screenCutTimes: jsonb("screen_cut_times").$type<number[]>().notNull().default([]),
    /** 1 while a confirmed fraud check voids the result (isPass is then 0). */
    voidedByFraud: smallint("voided_by_fraud").notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("exam_attempts_uq").on(t.examId, t.userId, t.attemptNo),
    index("exam_attempts_open_idx").on(t.status, t.deadline),
    index("exam_attempts_user_idx").on(t.userId, t.examId),
  ],
);

/** An answer as the learner gave it; one row per question of an attempt, the newest by sequence wins. */
export const examAnswers = pgTable(
  "exam_answers",
  {
    id: id(),
    attemptId: bigint("attempt_id", { mode: "number" })
      .notNull()
      .references(() => examAttempts.id, { onDelete: "cascade" }),
    questionId: bigint("question_id", { mode: "number" }).notNull(),
    answer: jsonb("answer").$type<string[]>().notNull(),
    /** Client sequence number (or server ms when the client sends none): a lower one never overwrites a higher one. */
    seq: bigint("seq", { mode: "number" }).notNull(),
    score: doublePrecision("score"),
    /** 1 right, 0 wrong, null not graded yet. */
    isCorrect: smallint("is_correct"),
    correctedBy: bigint("corrected_by", { mode: "number" }),
    savedAt: tz("saved_at").notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex("exam_answers_uq").on(t.attemptId, t.questionId)],
);

/** Face and snapshot checks: the image (a stored file path) and, for face checks, the comparison result. */
export const examVerifications = pgTable(
  "exam_verifications",
  {
    id: id(),
    examId: bigint("exam_id", { mode: "number" }).notNull(),
    userId: bigint("user_id", { mode: "number" }).notNull(),
    attemptId: bigint("attempt_id", { mode: "number" }),
    /** face or snap. */
    kind: varchar("kind", { length: 8 }).notNull(),
    image: text("image").notNull(),
    verifyResult: smallint("verify_result").notNull(),
    /** 0-100 against the registered photo; null when no comparison ran (snapshots, no face found). */
    similarity: doublePrecision("similarity"),
    reason: varchar("reason", { length: 100 }).notNull().default(""),
    /** A snapshot an admin marked as suspicious in the proctor console (who, when, why). */
    flaggedAt: tz("flagged_at"),
    flaggedBy: bigint("flagged_by", { mode: "number" }),
    flagNote: varchar("flag_note", { length: 200 }).notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("exam_verifications_user_idx").on(t.examId, t.userId, t.kind), index("exam_verifications_attempt_idx").on(t.attemptId)],
);

/** Video recording of an attempt: one self-contained segment file per row, in order of seq. */
export const examRecordings = pgTable(
  "exam_recordings",
  {
    id: id(),
    examId: bigint("exam_id", { mode: "number" }).notNull(),
    userId: bigint("user_id", { mode: "number" }).notNull(),
    attemptId: bigint("attempt_id", { mode: "number" })
      .notNull()
      .references(() => examAttempts.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    fileKey: text("file_key").notNull(),
    size: integer("size").notNull().default(0),
    durationMs: integer("duration_ms").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("exam_recordings_uq").on(t.attemptId, t.seq)],
);

/** Exams a learner collected (caiyun/front/user/exam/collection). */
export const examCollections = pgTable(
  "exam_collections",
  {
    id: id(),
    examId: bigint("exam_id", { mode: "number" })
      .notNull()
      .references(() => exams.id, { onDelete: "cascade" }),
    userId: bigint("user_id", { mode: "number" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("exam_collections_uq").on(t.examId, t.userId)],
);

// Learners exempted from an exam's monitoring or face check: whitelist_entries (db/schema/org.ts).

/**
 * Suspected cheating on an attempt, raised by the fraud rules (one per attempt): status 0 待核查,
 * 1 确认作弊 (the result is voided), 2 排除作弊. The learner may appeal once while it is 0 or 1.
 */
export const examFraudChecks = pgTable(
  "exam_fraud_checks",
  {
    id: id(),
    examId: bigint("exam_id", { mode: "number" }).notNull(),
    attemptId: bigint("attempt_id", { mode: "number" }).notNull(),
    userId: bigint("user_id", { mode: "number" }).notNull(),
    reason: text("reason").notNull(),
    behavior: jsonb("behavior").$type<Record<string, unknown>>().notNull().default({}),
    status: smallint("status").notNull().default(0),
    remark: text("remark").notNull().default(""),
    appeal: text("appeal"),
    appealedAt: tz("appealed_at"),
    checkedBy: bigint("checked_by", { mode: "number" }),
    checkedAt: tz("checked_at"),
    ...timestamps(),
  },
  (t) => [uniqueIndex("exam_fraud_checks_attempt_uq").on(t.attemptId), index("exam_fraud_checks_exam_idx").on(t.examId, t.status), index("exam_fraud_checks_user_idx").on(t.userId)],
);

/** Exam series: an ordered set of exams shown together. status 1 on, 0 off. */
export const examSeries = pgTable("exam_series", {
  id: id(),
  name: varchar("name", { length: 100 }).notNull(),
  description: text("description").notNull().default(""),
  examIds: jsonb("exam_ids").$type<number[]>().notNull().default([]),
  status: smallint("status").notNull().default(1),
  deletedAt: tz("deleted_at"),
  ...timestamps(),
});

/** Practice: questions drawn from folders in modes (sequential, random, by type), open to a range and users. */
export const examPractices = pgTable("exam_practices", {
  id: id(),
  name: varchar("name", { length: 100 }).notNull(),
  description: text("description").notNull().default(""),
  folderIds: jsonb("folder_ids").$type<number[]>().notNull().default([]),
  modes: jsonb("modes").$type<{ id: number; modeType: number; name: string; questionCount: number }[]>().notNull().default([]),
  openRange: jsonb("open_range").$type<{ kind: "role" | "group" | "tag" | "region"; target: string }[]>().notNull().default([]),
  userIds: jsonb("user_ids").$type<number[]>().notNull().default([]),
  status: smallint("status").notNull().default(0),
  deletedAt: tz("deleted_at"),
  ...timestamps(),
});

/**
 * A learner's round of a practice (docs/decisions/009-learner-practice.md). source 1 a mode of the
 * practice, 2 the wrong-question book. The questions are frozen at the start; `position` is where the
 * learner is, so a reload resumes there. status 0 practising, 1 finished.
 */
export const examPracticeSessions = pgTable(
  "exam_practice_sessions",
  {
    id: id(),
    practiceId: bigint("practice_id", { mode: "number" })
      .notNull()
      .references(() => examPractices.id, { onDelete: "cascade" }),
    userId: bigint("user_id", { mode: "number" }).notNull(),
    source: smallint("source").notNull().default(1),
    /** The practice mode (modes[].id) and its type: 1 sequential, 2 random, 3 by question type; 0 for the wrong book. */
    modeId: bigint("mode_id", { mode: "number" }).notNull().default(0),
    modeType: smallint("mode_type").notNull().default(0),
    /** Question type chosen in the by-type mode. */
    questionType: smallint("question_type"),
    items: jsonb("items").$type<number[]>().notNull(),
    position: integer("position").notNull().default(0),
    answeredCount: integer("answered_count").notNull().default(0),
    correctCount: integer("correct_count").notNull().default(0),
    status: smallint("status").notNull().default(0),
    finishedAt: tz("finished_at"),
    ...timestamps(),
  },
  (t) => [index("exam_practice_sessions_user_idx").on(t.userId, t.practiceId, t.status), index("exam_practice_sessions_practice_idx").on(t.practiceId)],
);

/** One answer in a practice round, graded at once; an answer is final within its round. */
export const examPracticeAnswers = pgTable(
  "exam_practice_answers",
  {
    id: id(),
    sessionId: bigint("session_id", { mode: "number" })
      .notNull()
      .references(() => examPracticeSessions.id, { onDelete: "cascade" }),
    /** Copied from the round so per-learner figures need no join. */
    practiceId: bigint("practice_id", { mode: "number" }).notNull(),
    userId: bigint("user_id", { mode: "number" }).notNull(),
    questionId: bigint("question_id", { mode: "number" }).notNull(),
    answer: jsonb("answer").$type<string[]>().notNull(),
    isCorrect: smallint("is_correct").notNull(),
    answeredAt: tz("answered_at").notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex("exam_practice_answers_uq").on(t.sessionId, t.questionId), index("exam_practice_answers_user_idx").on(t.practiceId, t.userId)],
);

/** The wrong-question book of a learner in a practice: a wrong answer adds the question, a right one clears it. */
export const examPracticeWrongs = pgTable(
  "exam_practice_wrongs",
  {
    id: id(),
    practiceId: bigint("practice_id", { mode: "number" })
      .notNull()
      .references(() => examPractices.id, { onDelete: "cascade" }),
    userId: bigint("user_id", { mode: "number" }).notNull(),
    questionId: bigint("question_id", { mode: "number" }).notNull(),
    wrongCount: integer("wrong_count").notNull().default(1),
    lastAnswer: jsonb("last_answer").$type<string[]>().notNull().default([]),
    lastWrongAt: tz("last_wrong_at").notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex("exam_practice_wrongs_uq").on(t.practiceId, t.userId, t.questionId)],
);

/** An Excel import of questions: progress and the per-row errors offered for download. */
export const examQuestionImports = pgTable("exam_question_imports", {
  id: id(),
  fileName: varchar("file_name", { length: 200 }).notNull(),
  /** 0 running, 1 done. */
  status: smallint("status").notNull().default(0),
  total: integer("total").notNull().default(0),
  done: integer("done").notNull().default(0),
  imported: integer("imported").notNull().default(0),
  errors: jsonb("errors").$type<{ row: number; message: string; values: string[] }[]>().notNull().default([]),
  createdBy: bigint("created_by", { mode: "number" }),
  ...timestamps(),
});

export const examPapersRelations = relations(examPapers, ({ many }) => ({ questions: many(examPaperQuestions) }));
export const examPaperQuestionsRelations = relations(examPaperQuestions, ({ one }) => ({
  paper: one(examPapers, { fields: [examPaperQuestions.paperId], references: [examPapers.id] }),
  question: one(examQuestions, { fields: [examPaperQuestions.questionId], references: [examQuestions.id] }),
}));
export const examsRelations = relations(exams, ({ one, many }) => ({
  paper: one(examPapers, { fields: [exams.paperId], references: [examPapers.id] }),
  openRanges: many(examOpenRanges),
}));
export const examOpenRangesRelations = relations(examOpenRanges, ({ one }) => ({
  exam: one(exams, { fields: [examOpenRanges.examId], references: [exams.id] }),
}));
