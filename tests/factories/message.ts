import type { Db } from "@db/client";
import type { OpenRangeEntry } from "@base/open-range";
import { addBoundUsers, createMessage, sendMessage } from "@trpc-app/message/admin.service";

export interface AdminMessageInput {
  title: string;
  content?: string;
  link?: string | null;
  /** 1 全部用户, 2 开放范围, 3 指定用户. */
  targetType?: 1 | 2 | 3;
  /** 1 站内信 (default), 2 邮件. */
  kind?: 1 | 2;
  openRange?: OpenRangeEntry[];
  userIds?: number[];
  createdBy: number;
  send?: boolean;
  /** false at seed time: no realtime process to tell. */
  pushUnread?: boolean;
}

/** A back-office station message made through the same service the admin pages use; sent when asked. */
export async function createAdminMessage(db: Db, input: AdminMessageInput) {
  const made = await createMessage(db, input.createdBy, {
    id: undefined,
    title: input.title,
    content: input.content ?? `${input.title}，请及时查看。`,
    link: input.link ?? null,
    targetType: input.targetType ?? 3,
    kind: input.kind ?? 1,
    openRange: input.targetType === 2 ? input.openRange : undefined,
  });
  if (input.userIds?.length) await addBoundUsers(db, made.id, input.userIds, "pick");
  if (input.send) await sendMessage(db, made.id, { pushUnread: input.pushUnread });
  return made;
}
