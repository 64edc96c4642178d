import { Badge } from "~/components/admin/table";

/** What a message sends (the learner reads mails under 邮件 in the message centre). */
export const MESSAGE_KIND_OPTIONS = [
  { value: "1", label: "站内信" },
  { value: "2", label: "邮件" },
];

export const MESSAGE_STATUS_OPTIONS = [
  { value: "0", label: "草稿" },
  { value: "1", label: "已发送" },
  { value: "2", label: "已撤回" },
] as const;

export const TARGET_OPTIONS = [
  { value: 1, label: "全部用户", hint: "发送时所有已启用的用户" },
  { value: 2, label: "开放范围", hint: "按角色、组织、标签或地区选择，满足任一条件即可收到" },
  { value: 3, label: "指定用户", hint: "逐个添加、按账号添加或从 Excel 导入" },
] as const;

/** 草稿 orange, 已发送 green, 已撤回 gray. */
export function MessageStatusBadge({ status, text }: { status: number; text: string }) {
  return <Badge tone={status === 1 ? "green" : status === 2 ? "gray" : "orange"}>{text}</Badge>;
}

/** "已读 5 / 接收 24", or a dash before sending. */
export function ReadCount({ status, readCount, recipientCount }: { status: number; readCount: number; recipientCount: number }) {
  if (status === 0) return <span className="text-muted">-</span>;
  const rate = recipientCount ? Math.round((readCount * 100) / recipientCount) : 0;
  return (
    <span className="tabular-nums" title={`已读率 ${rate}%`}>
      <span className="text-[#00b42a]">{readCount}</span>
      <span className="text-muted"> / {recipientCount}</span>
    </span>
  );
}
