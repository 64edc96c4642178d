import type { MetaFunction } from "@remix-run/node";
import { pageTitle } from "~/components/layout/page-title";
import { PersonPage } from "~/components/person/person-page";
import { EmptyState } from "~/components/ui/card";

export const meta: MetaFunction = () => [{ title: pageTitle("兑换中心", "个人中心") }];

export default function PersonExchange() {
  return (
    <PersonPage title="兑换中心">
      <EmptyState title="暂无兑换记录" hint="获得课程兑换码后可在这里兑换，兑换成功的课程会加入“我的学习”" />
    </PersonPage>
  );
}
