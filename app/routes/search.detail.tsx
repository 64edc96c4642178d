import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { pageTitle } from "~/components/layout/page-title";
import { HOT_WORD } from "~/components/layout/search-box";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/card";
import { cleanKeyword } from "~/lib/format";

export function loader({ request }: LoaderFunctionArgs) {
  // The same rule as the search box, again here: the address can be typed by hand.
  const keyword = cleanKeyword(new URL(request.url).searchParams.get("keyword")) || HOT_WORD;
  return { keyword };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data ? `${data.keyword} 的搜索结果` : "搜索") }];

export default function SearchDetail() {
  const { keyword } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-[1200px] px-4 py-6">
      <div className="rounded-lg bg-white px-6 py-5">
        <h1 className="text-lg text-[#1d2129]">
          “<span className="font-semibold text-primary">{keyword}</span>” 的搜索结果
        </h1>
        <p className="mt-1 text-sm text-muted">共找到 0 条相关内容</p>
      </div>
      <div className="mt-4 rounded-lg bg-white">
        <EmptyState
          title="暂未找到相关内容"
          hint="课程和直播正在陆续上线，换个关键词试试，或先去课程中心看看"
          action={
            <Button asChild variant="outline">
              <Link to="/course/center">去课程中心</Link>
            </Button>
          }
        />
      </div>
    </div>
  );
}
