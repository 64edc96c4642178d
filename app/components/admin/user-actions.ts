import type { ConfirmRequest } from "./confirm-dialog";
import type { UserIntent } from "./user-row";

export interface UserAction {
  intent: UserIntent;
  ids: number[];
  confirm: ConfirmRequest;
}

/** What the confirm dialog says before each users action. */
export function usersConfirm(intent: UserIntent, ids: number[], nick?: string): UserAction {
  const who = nick ? `用户「${nick}」` : `选中的 ${ids.length} 个用户`;
  const confirm: ConfirmRequest =
    intent === "unable"
      ? { title: `确认禁用${who}？`, description: "禁用后将无法登录，已登录的设备会立即退出。", confirmText: "禁用", danger: true }
      : intent === "able"
      ? { title: `确认启用${who}？`, description: "启用后可正常登录和学习。", confirmText: "启用" }
      : { title: `确认解锁${who}？`, description: "解锁后将清除密码错误次数，可立即重新登录。", confirmText: "解锁" };
  return { intent, ids, confirm };
}
