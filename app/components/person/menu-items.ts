export interface PersonMenuItem {
  key: string;
  label: string;
  to: string;
  /** Clicks on these send a tracking event (learner-front-end.md 2). */
  track?: boolean;
}

const ALL: PersonMenuItem[] = [
  { key: "overview", label: "概览", to: "/person/overview" },
  { key: "study", label: "我的学习", to: "/person/study", track: true },
  { key: "task", label: "我的任务", to: "/person/task" },
  { key: "credits", label: "学习学分", to: "/person/credits" },
  { key: "collection", label: "我的收藏", to: "/person/collection", track: true },
  { key: "certificate", label: "我的证书", to: "/person/certificate" },
  { key: "order", label: "我的订单", to: "/person/order" },
  { key: "message", label: "消息中心", to: "/person/message", track: true },
  { key: "exchange", label: "兑换中心", to: "/person/exchange" },
  { key: "prize", label: "奖品记录", to: "/person/prize" },
  { key: "info", label: "个人信息", to: "/person/info" },
  { key: "help", label: "帮助与反馈", to: "/person/help" },
];

/** The side menu in spec order: credits only for purchasers, messages only where notices are on. */
export function personMenu({ isPurchaser, noticeEnabled }: { isPurchaser: boolean; noticeEnabled: boolean }) {
  return ALL.filter((i) => (i.key === "credits" ? isPurchaser : i.key === "message" ? noticeEnabled : true));
}

export function personMenuLabel(key: string) {
  return ALL.find((i) => i.key === key)?.label ?? "个人中心";
}
