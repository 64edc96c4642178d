import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { BannerCarousel } from "~/components/home/banner-carousel";
import { NoticeStrip } from "~/components/home/notice-strip";
import { PopupBanner } from "~/components/home/popup-banner";
import { RecommendSection } from "~/components/home/recommend-section";
import type { HomeBlock } from "~/components/home/types";
import { pageTitle } from "~/components/layout/page-title";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/card";
import { serverCaller } from "~/lib/caller.server";
import { useRootData, type RootData } from "~/components/layout/shell-types";

export const meta: MetaFunction = () => [
  { title: pageTitle("首页") },
  { name: "description", content: "财云学院：面向政府采购从业人员的在线学习与考试平台，提供精品课程、专家直播与能力认证。" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { caller, resHeaders } = await serverCaller(request);
  const [banners, tree, notices, popup] = await Promise.all([
    caller.operate.banners({ platform: 1 }),
    caller.operate.dataAll({ limit: 10 }),
    caller.operate.notices({}),
    caller.operate.popup(),
  ]);
  return data({ banners, tree, notices, popup }, { headers: resHeaders });
}

/** The home page body; unknown paths render it too. */
export default function Home() {
  const { banners, tree, notices, popup } = useLoaderData<typeof loader>();
  const root = useRootData();
  // Blocks with nothing to show (and no tabs that have something) stay off the page.
  const visible = (tree as HomeBlock[]).filter((b) => b.dataList.length || b.children.some((c) => c.dataList.length));
  if (root && !root.shell.isMainSite) return <SiteHome site={root.siteConfig} banners={banners} notices={notices} blocks={visible} />;
  return (
    <div className="mx-auto max-w-[1200px] px-4 pb-12 pt-6">
      <BannerCarousel banners={banners} />
      <NoticeStrip notices={notices} />
      {visible.length ? (
        <RecommendSection tree={visible} />
      ) : (
        <section className="mt-8 rounded-lg bg-white">
          <EmptyState
            title="推荐内容正在准备中"
            hint="精选课程、直播与考试即将上线，可先到课程中心看看"
            action={
              <Button asChild>
                <Link to="/course/center">进入课程中心</Link>
              </Button>
            }
          />
        </section>
      )}
      <PopupBanner popup={popup} />
    </div>
  );
}

/**
 * An extra site's home: its name and introduction first, then its own banners, notices and
 * recommendations, and the way into its courses and lives. No platform pop-up or newcomer gift.
 */
function SiteHome({ site, banners, notices, blocks }: { site: RootData["siteConfig"]; banners: Parameters<typeof BannerCarousel>[0]["banners"]; notices: Parameters<typeof NoticeStrip>[0]["notices"]; blocks: HomeBlock[] }) {
  const description = typeof site.description === "string" ? site.description : "";
  return (
    <div className="pb-12">
      <section className="bg-gradient-to-r from-[#0a3d91] to-[#0a5ad8] text-white">
        <div className="mx-auto flex max-w-[1200px] items-center justify-between gap-8 px-4 py-10">
          <div>
            <h1 className="text-3xl font-bold tracking-wide">{site.name}</h1>
            {description && <p className="mt-3 max-w-[640px] text-sm leading-6 text-white/80">{description}</p>}
          </div>
          <div className="flex shrink-0 gap-3">
            <Button asChild variant="outline" className="border-white/60 bg-transparent text-white hover:bg-white/10 hover:text-white">
              <Link to="/course/center">培训课程</Link>
            </Button>
            <Button asChild variant="outline" className="border-white/60 bg-transparent text-white hover:bg-white/10 hover:text-white">
              <Link to="/live/center">专题直播</Link>
            </Button>
          </div>
        </div>
      </section>
      <div className="mx-auto max-w-[1200px] px-4 pt-6">
        <BannerCarousel banners={banners} />
        <NoticeStrip notices={notices} />
        {blocks.length ? (
          <RecommendSection tree={blocks} />
        ) : (
          <section className="mt-8 rounded-lg bg-white">
            <EmptyState title="本站推荐内容正在准备中" hint="可先到课程中心看看本站的培训课程" action={<Button asChild><Link to="/course/center">进入课程中心</Link></Button>} />
          </section>
        )}
      </div>
    </div>
  );
}
