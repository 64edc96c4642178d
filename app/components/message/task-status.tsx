import { Badge } from "~/components/admin/table";
import { SCENES } from "@trpc-app/message/task-scenes";

export const TASK_STATUS_OPTIONS = [
  { value: "1", label: "启用" },
  { value: "0", label: "停用" },
] as const;

export const SCENE_OPTIONS = SCENES.map((s) => ({ value: s.sceneType, label: s.name }));

/** 启用 green, 停用 gray. */
export function TaskStatusBadge({ status, text }: { status: number; text: string }) {
  return <Badge tone={status === 1 ? "green" : "gray"}>{text}</Badge>;
}
