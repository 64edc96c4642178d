import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BarePage } from "~/components/layout/bare-page";
import { pageTitle } from "~/components/layout/page-title";
import { Button } from "~/components/ui/button";

export const meta: MetaFunction = () => [{ title: pageTitle("登录失败") }];

export function loader({ request }: LoaderFunctionArgs) {
  // The message comes from a redirect's query: keep it short and plain text.
  const message = (new URL(request.url).searchParams.get("message") ?? "").trim().slice(0, 200);
  return { message };
}

export default function LoginFailed() {
  const { message } = useLoaderData<typeof loader>();
  return (
    <BarePage title="登录失败" mark="×">
      <p className="mt-3 text-sm leading-6 text-muted">{message || "登录过程中出现问题，请返回首页后重新登录。"}</p>
      <Button asChild className="mt-8 px-8">
        <a href="/">返回首页</a>
      </Button>
    </BarePage>
  );
}
