import type { MetaFunction } from "@remix-run/node";
import { BarePage } from "~/components/layout/bare-page";
import { pageTitle } from "~/components/layout/page-title";
import { Button } from "~/components/ui/button";

export const meta: MetaFunction = () => [{ title: pageTitle("系统维护中") }];

export default function Maintenance() {
  return (
    <BarePage title="系统维护中" mark="⚙">
      <p className="mt-3 text-sm leading-6 text-muted">为了给您提供更好的服务，系统正在升级维护，请稍后再访问。</p>
      <p className="text-sm leading-6 text-muted">给您带来的不便，敬请谅解。</p>
      <Button asChild className="mt-8 px-8">
        <a href="/">重新进入</a>
      </Button>
    </BarePage>
  );
}
