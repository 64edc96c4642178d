import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { pageTitle } from "~/components/layout/page-title";
import { useRootData } from "~/components/layout/shell-types";
import { PersonPage } from "~/components/person/person-page";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/card";

export const meta: MetaFunction = () => [{ title: pageTitle("学习学分", "个人中心") }];

export default function PersonCredits() {
  const isPurchaser = useRootData()?.user.isPurchaser === 1;
  return (
    <PersonPage title="学习学分">
      {isPurchaser ? (
        <EmptyState
          title="暂无学分记录"
          hint="完成学分课程或学分直播后，获得的学分会按年度记录在这里"
          action={
            <Button asChild variant="outline">
              <Link to="/live/center">去看学分直播</Link>
            </Button>
          }
        />
      ) : (
        <EmptyState title="学习学分仅对采购人开放" hint="您的账号暂未认定为采购人，如有疑问请联系客服" />
      )}
    </PersonPage>
  );
}
