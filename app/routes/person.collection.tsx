import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { pageTitle } from "~/components/layout/page-title";
import { PersonPage } from "~/components/person/person-page";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/card";

export const meta: MetaFunction = () => [{ title: pageTitle("我的收藏", "个人中心") }];

export default function PersonCollection() {
  return (
    <PersonPage title="我的收藏">
      <EmptyState
        title="还没有收藏内容"
        hint="在课程或直播详情页点击“收藏”，方便下次快速找到"
        action={
          <Button asChild variant="outline">
            <Link to="/course/center">去逛逛课程</Link>
          </Button>
        }
      />
    </PersonPage>
  );
}
