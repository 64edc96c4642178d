import type { z } from "zod";
import type { Db } from "@db/client";
import type { SessionUser } from "../auth/session";

// One diagnostic or repair tool of the back office (docs/decisions/036-diagnostic-tools.md).

export const TOOL_GROUPS = {
  system: "系统",
  cache: "缓存",
  realtime: "实时连接与直播",
  remind: "提醒发送",
  repair: "数据修复",
  search: "搜索索引",
  data: "数据工具",
} as const;
export type ToolGroup = keyof typeof TOOL_GROUPS;

export interface ToolField {
  name: string;
  label: string;
  kind: "text" | "number" | "textarea" | "select" | "file";
  options?: { value: string; label: string }[];
  placeholder?: string;
  required?: boolean;
}

/** What a tool sees of the call: the database (the audited transaction for one that changes something) and who runs it. */
export interface ToolContext {
  db: Db;
  user: SessionUser;
}

export interface Tool<S extends z.ZodType = z.ZodType, O = unknown> {
  /** The legacy name (caiyun/tool/<code>), also the procedure's name under tool.tools. */
  code: string;
  group: ToolGroup;
  title: string;
  /** What it does, shown before it runs. */
  description: string;
  /** Asks for confirmation on the page before it runs. */
  danger?: boolean;
  /** Changes nothing: a query, not recorded in the audit log. */
  readOnly?: boolean;
  input: S;
  fields: ToolField[];
  run(ctx: ToolContext, input: z.output<S>): Promise<O>;
}

/** Declares a tool; the types of its input and answer follow it to its procedure. */
export const defineTool = <S extends z.ZodType, O>(tool: Tool<S, O>) => tool;

/** What the page lists of a tool: everything but run and the schema. */
export type ToolDescriptor = Omit<Tool, "run" | "input"> & { groupTitle: string };
export const descriptorOf = (t: Tool<z.ZodType, unknown>): ToolDescriptor => ({
  code: t.code,
  group: t.group,
  groupTitle: TOOL_GROUPS[t.group],
  title: t.title,
  description: t.description,
  danger: t.danger ?? false,
  readOnly: t.readOnly ?? false,
  fields: t.fields,
});
