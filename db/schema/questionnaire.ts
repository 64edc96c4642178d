import { bigint, index, integer, jsonb, pgTable, primaryKey, smallint, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { createdAt, id, timestamps } from "./_columns";
import { users } from "./auth";

/** 0 草稿 (editable), 1 已发布 (learners may answer), 2 已停止 (closed; answers kept). */
export const QUESTIONNAIRE_STATUS = { draft: 0, published: 1, stopped: 2 } as const;
/** 1 single choice, 2 multiple choice, 3 text. */
export const QUESTION_TYPE = { single: 1, multiple: 2, text: 3 } as const;
/** What a questionnaire can be bound to; lives only for now. */
export const QUESTIONNAIRE_BUSINESS = { live: 1 } as const;

export const questionnaires = pgTable("questionnaires", {
  id: id(),
  title: varchar("title", { length: 100 }).notNull(),
  description: varchar("description", { length: 500 }).notNull().default(""),
  status: smallint("status").notNull().default(0),
  /** 1: admins see answers without names. */
  anonymous: smallint("anonymous").notNull().default(0),
  remark: varchar("remark", { length: 200 }).notNull().default(""),
  createdBy: bigint("created_by", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
  ...timestamps(),
});

export const questionnaireQuestions = pgTable(
  "questionnaire_questions",
  {
    id: id(),
    questionnaireId: bigint("questionnaire_id", { mode: "number" })
      .notNull()
      .references(() => questionnaires.id, { onDelete: "cascade" }),
    type: smallint("type").notNull(),
    title: varchar("title", { length: 200 }).notNull(),
    required: smallint("required").notNull().default(1),
    /** Option texts in display order; answers refer to them by index. Empty for text questions. */
    options: jsonb("options").$type<string[]>().notNull().default([]),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [index("questionnaire_questions_q_idx").on(t.questionnaireId, t.sort)],
);

export interface QuestionnaireAnswerItem {
  questionId: number;
  /** Option indexes for choice questions. */
  choices?: number[];
  text?: string;
}

/** One submission per user per questionnaire. */
export const questionnaireAnswers = pgTable(
  "questionnaire_answers",
  {
    id: id(),
    questionnaireId: bigint("questionnaire_id", { mode: "number" })
      .notNull()
      .references(() => questionnaires.id, { onDelete: "cascade" }),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    answers: jsonb("answers").$type<QuestionnaireAnswerItem[]>().notNull(),
    submittedAt: createdAt(),
  },
  (t) => [uniqueIndex("questionnaire_answers_user_uq").on(t.questionnaireId, t.userId)],
);

/** A business (a live) shows at most one questionnaire. */
export const questionnaireBindings = pgTable(
  "questionnaire_bindings",
  {
    businessType: smallint("business_type").notNull(),
    businessId: bigint("business_id", { mode: "number" }).notNull(),
    questionnaireId: bigint("questionnaire_id", { mode: "number" })
      .notNull()
      .references(() => questionnaires.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.businessType, t.businessId] }), index("questionnaire_bindings_q_idx").on(t.questionnaireId)],
);

