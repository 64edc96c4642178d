import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { pageTitle } from "~/components/layout/page-title";
import { PersonPage } from "~/components/person/person-page";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/card";

export const meta: MetaFunction = () => [{ title: pageTitle("我的订单", "个人中心") }];

export default function PersonOrder() {
  return (
    <PersonPage title="我的订单">
      <EmptyState
        title="暂无订单"
        hint="购买课程或直播后，订单会显示在这里，也可在此申请发票"
        action={
          <Button asChild variant="outline">
            <Link to="/course/center">去课程中心看看</Link>
          </Button>
        }
      />
    </PersonPage>
  );
}
