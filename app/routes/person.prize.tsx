import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { pageTitle } from "~/components/layout/page-title";
import { PersonPage } from "~/components/person/person-page";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/card";

export const meta: MetaFunction = () => [{ title: pageTitle("奖品记录", "个人中心") }];

export default function PersonPrize() {
  return (
    <PersonPage title="奖品记录">
      <EmptyState
        title="暂无奖品记录"
        hint="参与直播间抽奖获得的奖品会记录在这里"
        action={
          <Button asChild variant="outline">
            <Link to="/live/center">去直播中心</Link>
          </Button>
        }
      />
    </PersonPage>
  );
}
