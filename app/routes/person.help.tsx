import type { MetaFunction } from "@remix-run/node";
import { pageTitle } from "~/components/layout/page-title";
import { useRootData } from "~/components/layout/shell-types";
import { PersonPage } from "~/components/person/person-page";
import { EmptyState } from "~/components/ui/card";

export const meta: MetaFunction = () => [{ title: pageTitle("帮助与反馈", "个人中心") }];

export default function PersonHelp() {
  const hotline = useRootData()?.shell.hotline;
  return (
    <PersonPage title="帮助与反馈">
      <EmptyState
        title="帮助文档正在整理中"
        hint={hotline ? `遇到问题可拨打服务热线 ${hotline}（工作日 9:00-18:00），我们会尽快为您处理` : "遇到问题请联系客服，我们会尽快为您处理"}
      />
    </PersonPage>
  );
}
