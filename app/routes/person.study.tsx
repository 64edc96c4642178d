import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { pageTitle } from "~/components/layout/page-title";
import { PersonPage } from "~/components/person/person-page";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/card";

export const meta: MetaFunction = () => [{ title: pageTitle("我的学习", "个人中心") }];

export default function PersonStudy() {
  return (
    <PersonPage title="我的学习">
      <EmptyState
        title="还没有学习记录"
        hint="加入的课程、直播和学习地图会显示在这里，学习进度随时可查"
        action={
          <Button asChild variant="outline">
            <Link to="/course/center">去课程中心选课</Link>
          </Button>
        }
      />
    </PersonPage>
  );
}
