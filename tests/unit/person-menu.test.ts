import { describe, expect, it } from "vitest";
import { personMenu } from "~/components/person/menu-items";

const labels = (flags: { isPurchaser: boolean; noticeEnabled: boolean }) => personMenu(flags).map((i) => i.label);

describe("personal-centre side menu", () => {
  it("lists every entry in spec order for a purchaser on the main site (我的任务, with its unfinished badge, beside 我的学习)", () => {
    expect(labels({ isPurchaser: true, noticeEnabled: true })).toEqual([
      "概览", "我的学习", "我的任务", "学习学分", "我的收藏", "我的证书", "我的订单", "消息中心", "兑换中心", "奖品记录", "个人信息", "帮助与反馈",
    ]);
  });
  it("hides learning credits from non-purchasers", () => {
    expect(labels({ isPurchaser: false, noticeEnabled: true })).not.toContain("学习学分");
  });
  it("hides the message centre where the notice function is off", () => {
    expect(labels({ isPurchaser: false, noticeEnabled: false })).not.toContain("消息中心");
  });
  it("marks study, collection and message for tracking", () => {
    expect(personMenu({ isPurchaser: true, noticeEnabled: true }).filter((i) => i.track).map((i) => i.key)).toEqual([
      "study", "collection", "message",
    ]);
  });
});
