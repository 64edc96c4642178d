import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { pageTitle } from "~/components/layout/page-title";
import { PersonPage } from "~/components/person/person-page";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/card";

export const meta: MetaFunction = () => [{ title: pageTitle("我的证书", "个人中心") }];

export default function PersonCertificate() {
  return (
    <PersonPage title="我的证书">
      <EmptyState
        title="暂无证书"
        hint="完成认证课程或通过认证考试后，证书会发放到这里，可随时查看和下载"
        action={
          <Button asChild variant="outline">
            <Link to="/verify/center">去认证中心</Link>
          </Button>
        }
      />
    </PersonPage>
  );
}
