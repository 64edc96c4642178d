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
  const texts: Record<UserIntent, ConfirmRequest> = {
    unable: { title: `确认禁用${who}？`, description: "禁用后将无法登录，已登录的设备会立即退出。", confirmText: "禁用", danger: true },
    able: { title: `确认启用${who}？`, description: "启用后可正常登录和学习。", confirmText: "启用" },
    unlock: { title: `确认解锁${who}？`, description: "解锁后将清除密码错误次数，可立即重新登录。", confirmText: "解锁" },
    del: { title: `确认删除${who}？`, description: "删除后账号无法登录，登录名和手机号可被重新使用；学习记录保留。", confirmText: "删除", danger: true },
    resetAuth: { title: `确认重置${who}的实名认证信息？`, description: "将清除已提交的姓名、证件号和照片，用户需重新完成实名认证。", confirmText: "重置", danger: true },
  };
  const confirm = texts[intent];
  return { intent, ids, confirm };
}
