import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Badge } from "~/components/admin/table";
import { chosenSite, SiteSwitch } from "~/components/admin/site-switch";
import { adminLoad } from "~/components/admin/guard.server";
import { AdminRouteError } from "~/components/admin/route-error";
import { BannerCarousel } from "~/components/home/banner-carousel";
import { crudAction } from "~/components/operate/crud-action.server";
import { CrudPage, STATUS_OPTIONS } from "~/components/operate/crud-page";
import type { FieldSpec } from "~/components/operate/entity-form";
import { formatDateTime } from "@base/format";
import { windowState } from "~/components/operate/window-state";
import { Card } from "~/components/ui/card";

export const meta: MetaFunction = () => [{ title: "轮播图管理 - 财云学院管理后台" }];

const PLATFORM = [
  { value: "1", label: "PC端" },
  { value: "2", label: "移动端" },
];

export const loader = ({ request }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    const sp = new URL(request.url).searchParams;
    const platform = sp.get("platform") === "2" ? 2 : 1;
    const sites = await caller.site.admin.list();
    // The main site (pathName "") unless an extra site is chosen; each site keeps its own banners and order.
    const site = chosenSite(sites, sp.get("site"));
    const page = await caller.operate.admin.banner.list({ pageSize: 100, platform, siteId: site?.id ?? 0 });
    return { list: page.list, platform, site, sites, now: Date.now() };
  });

export const action = ({ request }: ActionFunctionArgs) =>
  crudAction(request, "轮播图", {
    add: (c, f) => c.operate.admin.banner.add(f as never),
    update: (c, f) => c.operate.admin.banner.update(f as never),
    del: (c, id) => c.operate.admin.banner.del({ id } as never),
    move: (c, id, position) => c.operate.admin.banner.move({ id, position } as never),
  });

const FIELDS: FieldSpec[] = [
  { name: "title", label: "标题", required: true, placeholder: "例如：2026年政府采购政策解读专题" },
  { name: "picUrl", label: "图片", kind: "image", required: true, hint: "建议尺寸 1200×360，不超过2Mb" },
  { name: "linkUrl", label: "跳转链接", placeholder: "/course/center 或 https://…" },
  { name: "platform", label: "展示端", kind: "select", options: PLATFORM },
  { name: "status", label: "状态", kind: "select", options: STATUS_OPTIONS },
  { name: "startTime", label: "开始时间", kind: "datetime", hint: "留空表示立即展示" },
  { name: "endTime", label: "结束时间", kind: "datetime", hint: "留空表示一直展示" },
];

export default function AdminBanners() {
  const { list, platform, site, sites, now } = useLoaderData<typeof loader>();
  const href = (p: { platform?: number; site?: number | null }) => {
    const q = new URLSearchParams({ platform: String(p.platform ?? platform) });
    const s = p.site === undefined ? site?.id : p.site;
    if (s) q.set("site", String(s));
    return `?${q}`;
  };
  const shown = list.filter((b) => windowState(b, now).tone === "green");
  return (
    <CrudPage
      title="轮播图管理"
      trail="运营内容 / 轮播图"
      noun="轮播图"
      rows={list}
      nameOf={(b) => b.title}
      fields={FIELDS.map((f) => (f.name === "platform" ? { ...f, options: [PLATFORM[platform - 1]!, ...PLATFORM.filter((p) => p.value !== String(platform))] } : f))}
      extra={{ siteId: site ? String(site.id) : "" }}
      toolbar={
        <div className="mb-4 flex flex-wrap items-center gap-2">
          {PLATFORM.map((p) => (
            <a key={p.value} href={href({ platform: Number(p.value) })} className={`rounded-md px-4 py-1.5 text-sm ${String(platform) === p.value ? "bg-primary text-white" : "bg-white text-[#4e5969] ring-1 ring-border"}`}>
              {p.label}
            </a>
          ))}
          <SiteSwitch sites={sites} current={site} hrefFor={(id) => href({ site: id })} className="ml-4 border-l border-border pl-4" />
        </div>
      }
      columns={[
        { title: "图片", render: (b) => <img src={b.picUrl} alt="" className="h-12 w-40 rounded object-cover" /> },
        { title: "标题", render: (b) => <span data-testid="banner-title">{b.title}</span> },
        { title: "跳转链接", render: (b) => <span className="text-muted">{b.linkUrl || "—"}</span> },
        { title: "展示时间", render: (b) => <span className="text-xs text-muted">{b.startTime || b.endTime ? `${formatDateTime(b.startTime) || "即时"} 至 ${formatDateTime(b.endTime) || "长期"}` : "长期"}</span> },
        {
          title: "状态",
          render: (b) => {
            const s = windowState(b, now);
            return <Badge tone={s.tone}>{s.label}</Badge>;
          },
        },
      ]}
    >
      <Card className="mt-4 p-4">
        <h2 className="mb-3 text-sm font-medium text-[#4e5969]">学员端预览（当前展示中的 {shown.length} 张，按上方顺序轮播）</h2>
        {shown.length ? <BannerCarousel banners={shown} /> : <p className="py-8 text-center text-sm text-muted">当前没有展示中的轮播图</p>}
      </Card>
    </CrudPage>
  );
}

export const ErrorBoundary = AdminRouteError;
