import type { MetaFunction } from "@remix-run/node";
import { pageTitle } from "~/components/layout/page-title";
import { useRootData } from "~/components/layout/shell-types";
import { PersonPage } from "~/components/person/person-page";
import { EmptyState } from "~/components/ui/card";

export const meta: MetaFunction = () => [{ title: pageTitle("消息中心", "个人中心") }];

export default function PersonMessage() {
  const enabled = useRootData()?.shell.noticeEnabled ?? true;
  return (
    <PersonPage title="消息中心">
      {enabled ? (
        <EmptyState title="暂无消息" hint="系统通知、学习提醒和直播预约提醒会显示在这里" />
      ) : (
        <EmptyState title="当前站点未开启消息功能" hint="如需接收通知，请前往财云学院主站查看" />
      )}
    </PersonPage>
  );
}
