import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { GoodsPicker } from "~/components/admin/goods-picker";
import { adminLoad } from "~/components/admin/guard.server";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { Badge } from "~/components/admin/table";
import { adminToast } from "~/components/admin/toast";
import { useAdminAction } from "~/components/admin/use-admin-action";
import { UploadField } from "~/components/upload/upload-field";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { errorMessage, trpc } from "~/lib/trpc";
import { LOGIN_METHODS, MAX_SITE_TABS, SITE_CONTENT_TYPES, type SiteExt, type SitePage } from "@trpc-app/site/schemas";

export const meta: MetaFunction = () => [{ title: "站点配置 - 财云学院管理后台" }];

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    const id = Number(params.id);
    const [base, page, ext, contents] = await Promise.all([
      caller.site.admin.detail({ id }),
      caller.site.admin.pageConfig({ id }),
      caller.site.admin.extConfig({ id }),
      caller.site.admin.contents({ id }),
    ]);
    return { base, sitePage: page.sitePage, siteExt: ext.siteExt, contents };
  });

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

const EMPTY_PAGE: SitePage = {
  siteTop: { noticeFunction: 1, searchFunction: 1, logoPicUrl: "", siteTopTabList: [] },
  siteLogin: { supportMethod: [1, 2], authPlatformInfos: [] },
  siteTab: { suffix: "" },
  siteFooter: { showFooter: 1, title: "", content: "", hotline: "", copyright: "" },
};

/** Runs a save, toasting the result; the server's refusal is the message shown. */
async function saving(run: () => Promise<unknown>, ok: string, setBusy: (b: boolean) => void) {
  setBusy(true);
  try {
    await run();
    adminToast.success(ok);
    return true;
  } catch (e) {
    adminToast.error(errorMessage(e));
    return false;
  } finally {
    setBusy(false);
  }
}

const field = "flex flex-col gap-1.5";
const row2 = "grid grid-cols-2 gap-4";

function BaseForm({ base }: { base: Data["base"] }) {
  const revalidator = useRevalidator();
  const [form, setForm] = useState({ name: base.name, pathName: base.pathName, description: base.description });
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="flex max-w-[640px] flex-col gap-4"
      onSubmit={async (e) => {
        e.preventDefault();
        if (await saving(() => trpc.site.admin.saveBase.mutate({ id: base.id, ...form }), "已保存基础信息", setBusy)) revalidator.revalidate();
      }}
    >
      <div className={field}>
        <Label htmlFor="base-name">站点名称</Label>
        <Input id="base-name" maxLength={60} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
      </div>
      <div className={field}>
        <Label htmlFor="base-path">站点路径</Label>
        <Input id="base-path" maxLength={40} value={form.pathName} disabled={base.isMainSite === 1} onChange={(e) => setForm({ ...form, pathName: e.target.value })} />
        <p className="text-xs text-muted">{base.isMainSite === 1 ? "主站点没有路径前缀。" : `访问地址：${base.siteUrl}（修改路径后旧地址将失效）`}</p>
      </div>
      <div className={field}>
        <Label htmlFor="base-desc">站点简介</Label>
        <textarea id="base-desc" maxLength={200} rows={3} className="rounded-md border border-border px-3 py-2 text-sm" value={form.description} onChange={(e) => setForm({ ...form, description: e.target.value })} />
      </div>
      <div>
        <Button type="submit" disabled={busy}>
          保存基础信息
        </Button>
      </div>
    </form>
  );
}

function PageForm({ id, initial }: { id: number; initial: SitePage | null }) {
  const [page, setPage] = useState<SitePage>(() => ({ ...EMPTY_PAGE, ...(initial ?? {}), siteTop: { ...EMPTY_PAGE.siteTop, ...(initial?.siteTop ?? {}) }, siteFooter: { ...EMPTY_PAGE.siteFooter, ...(initial?.siteFooter ?? {}) } }));
  const [busy, setBusy] = useState(false);
  const top = page.siteTop;
  const login = page.siteLogin;
  const footer = page.siteFooter;
  const setTop = (next: Partial<SitePage["siteTop"]>) => setPage({ ...page, siteTop: { ...top, ...next } });
  const setLogin = (next: Partial<SitePage["siteLogin"]>) => setPage({ ...page, siteLogin: { ...login, ...next } });
  const setFooter = (next: Partial<SitePage["siteFooter"]>) => setPage({ ...page, siteFooter: { ...footer, ...next } });
  const tabs = top.siteTopTabList;
  const setTab = (i: number, next: Partial<(typeof tabs)[number]>) => setTop({ siteTopTabList: tabs.map((t, j) => (j === i ? { ...t, ...next } : t)) });
  const moveTab = (i: number, by: number) => {
    const list = [...tabs];
    const [t] = list.splice(i, 1);
    list.splice(i + by, 0, t!);
    setTop({ siteTopTabList: list });
  };
  const platforms = login.authPlatformInfos;
  const setPlatform = (i: number, next: Partial<(typeof platforms)[number]>) => setLogin({ authPlatformInfos: platforms.map((p, j) => (j === i ? { ...p, ...next } : p)) });
  const toggleMethod = (m: 1 | 2 | 3, on: boolean) => setLogin({ supportMethod: on ? [...new Set([...login.supportMethod, m])].sort() : login.supportMethod.filter((x) => x !== m) });

  return (
    <form
      className="flex max-w-[860px] flex-col gap-6"
      onSubmit={(e) => {
        e.preventDefault();
        void saving(() => trpc.site.admin.savePageConfig.mutate({ id, sitePage: page }), "已保存页面配置", setBusy);
      }}
    >
      <section className="flex flex-col gap-4">
        <h2 className="text-base font-semibold">页头</h2>
        <div className={field}>
          <Label>站点Logo</Label>
          <UploadField name="logoPicUrl" value={top.logoPicUrl || undefined} onChange={(url) => setTop({ logoPicUrl: url })} label="上传Logo" kind="image" accept="image/png,image/jpeg" maxSizeMb={2} />
          <p className="text-xs text-muted">建议 64×64 像素的 PNG；不上传时显示站点名称首字。</p>
        </div>
        <div className="flex gap-8">
          <label className="flex items-center gap-2 text-sm">
            <Checkbox checked={top.searchFunction === 1} onCheckedChange={(c) => setTop({ searchFunction: c === true ? 1 : 0 })} aria-label="显示搜索框" />
            显示搜索框
          </label>
          <label className="flex items-center gap-2 text-sm">
            <Checkbox checked={top.noticeFunction === 1} onCheckedChange={(c) => setTop({ noticeFunction: c === true ? 1 : 0 })} aria-label="开启消息通知" />
            开启消息通知（页头消息角标与个人中心“消息中心”）
          </label>
        </div>
        <div className={field}>
          <Label>站点页签</Label>
          <p className="text-xs text-muted">不配置时沿用主站点的页签；最多{MAX_SITE_TABS}个，链接以 / 开头为本站页面（自动加站点路径），以 http(s):// 开头在新窗口打开。</p>
          <ul className="flex flex-col gap-2" aria-label="站点页签">
            {tabs.map((t, i) => (
              <li key={i} className="flex items-center gap-2" data-testid="site-tab-row">
                <Input aria-label={`页签${i + 1}名称`} className="w-40" maxLength={8} value={t.name} onChange={(e) => setTab(i, { name: e.target.value })} placeholder="页签名称" />
                <Input aria-label={`页签${i + 1}链接`} className="flex-1" maxLength={500} value={t.url} onChange={(e) => setTab(i, { url: e.target.value })} placeholder="/course/center" />
                <Button type="button" variant="outline" size="sm" disabled={i === 0} onClick={() => moveTab(i, -1)}>
                  上移
                </Button>
                <Button type="button" variant="outline" size="sm" disabled={i === tabs.length - 1} onClick={() => moveTab(i, 1)}>
                  下移
                </Button>
                <Button type="button" variant="outline" size="sm" onClick={() => setTop({ siteTopTabList: tabs.filter((_, j) => j !== i) })}>
                  删除
                </Button>
              </li>
            ))}
          </ul>
          <div>
            <Button type="button" variant="outline" size="sm" disabled={tabs.length >= MAX_SITE_TABS} onClick={() => setTop({ siteTopTabList: [...tabs, { name: "", url: "" }] })}>
              添加页签
            </Button>
          </div>
        </div>
        <div className={field}>
          <Label htmlFor="title-suffix">页面标题后缀</Label>
          <Input id="title-suffix" className="w-80" maxLength={20} value={page.siteTab.suffix ?? ""} onChange={(e) => setPage({ ...page, siteTab: { suffix: e.target.value } })} placeholder="不填时使用站点名称" />
        </div>
      </section>

      <section className="flex flex-col gap-4">
        <h2 className="text-base font-semibold">登录方式</h2>
        <div className="flex gap-8" role="group" aria-label="登录方式">
          {([1, 2, 3] as const).map((m) => (
            <label key={m} className="flex items-center gap-2 text-sm">
              <Checkbox checked={login.supportMethod.includes(m)} onCheckedChange={(c) => toggleMethod(m, c === true)} aria-label={LOGIN_METHODS[m]} />
              {LOGIN_METHODS[m]}
            </label>
          ))}
        </div>
        {login.supportMethod.includes(3) && (
          <div className={field}>
            <Label>授权平台</Label>
            <ul className="flex flex-col gap-2" aria-label="授权平台">
              {platforms.map((p, i) => (
                <li key={i} className="flex items-center gap-2">
                  <Input aria-label={`授权平台${i + 1}名称`} className="w-40" maxLength={20} value={p.platformName} onChange={(e) => setPlatform(i, { platformName: e.target.value })} placeholder="平台名称" />
                  <Input aria-label={`授权平台${i + 1}登录地址`} className="flex-1" value={p.platformLoginUrl} onChange={(e) => setPlatform(i, { platformLoginUrl: e.target.value })} placeholder="https://" />
                  <Input aria-label={`授权平台${i + 1}图标`} className="w-56" value={p.platformLogoUrl ?? ""} onChange={(e) => setPlatform(i, { platformLogoUrl: e.target.value })} placeholder="图标地址（选填）" />
                  <Button type="button" variant="outline" size="sm" onClick={() => setLogin({ authPlatformInfos: platforms.filter((_, j) => j !== i) })}>
                    删除
                  </Button>
                </li>
              ))}
            </ul>
            <div>
              <Button type="button" variant="outline" size="sm" onClick={() => setLogin({ authPlatformInfos: [...platforms, { platformName: "", platformLoginUrl: "", platformLogoUrl: "" }] })}>
                添加授权平台
              </Button>
            </div>
          </div>
        )}
      </section>

      <section className="flex flex-col gap-4">
        <h2 className="text-base font-semibold">页脚</h2>
        <label className="flex items-center gap-2 text-sm">
          <Checkbox checked={footer.showFooter === 1} onCheckedChange={(c) => setFooter({ showFooter: c === true ? 1 : 0 })} aria-label="显示页脚" />
          显示页脚
        </label>
        <div className={row2}>
          <div className={field}>
            <Label htmlFor="footer-title">页脚标题</Label>
            <Input id="footer-title" maxLength={30} value={footer.title ?? ""} onChange={(e) => setFooter({ title: e.target.value })} />
          </div>
          <div className={field}>
            <Label htmlFor="footer-hotline">服务热线</Label>
            <Input id="footer-hotline" maxLength={30} value={footer.hotline ?? ""} onChange={(e) => setFooter({ hotline: e.target.value })} />
          </div>
        </div>
        <div className={field}>
          <Label htmlFor="footer-content">页脚内容</Label>
          <textarea id="footer-content" rows={3} maxLength={300} className="rounded-md border border-border px-3 py-2 text-sm" value={footer.content ?? ""} onChange={(e) => setFooter({ content: e.target.value })} placeholder="地址、主办单位等，可换行" />
        </div>
        <div className={field}>
          <Label htmlFor="footer-copyright">版权信息</Label>
          <Input id="footer-copyright" maxLength={100} value={footer.copyright ?? ""} onChange={(e) => setFooter({ copyright: e.target.value })} />
        </div>
      </section>
      <div>
        <Button type="submit" disabled={busy}>
          保存页面配置
        </Button>
      </div>
    </form>
  );
}

function ExtForm({ id, initial }: { id: number; initial: SiteExt }) {
  const [links, setLinks] = useState({ openScopeGuideUrl: initial.siteDocumentLink?.openScopeGuideUrl ?? "", accountIssueUrl: initial.siteDocumentLink?.accountIssueUrl ?? "" });
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="flex max-w-[640px] flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        void saving(() => trpc.site.admin.saveExtConfig.mutate({ id, siteExt: { siteDocumentLink: links } }), "已保存扩展配置", setBusy);
      }}
    >
      <div className={field}>
        <Label htmlFor="doc-scope">开放范围指引文档</Label>
        <Input id="doc-scope" value={links.openScopeGuideUrl} onChange={(e) => setLinks({ ...links, openScopeGuideUrl: e.target.value })} placeholder="https:// 或 /" />
        <p className="text-xs text-muted">学员打开未对其开放的内容时，提示框中“查看帮助文档”的链接。</p>
      </div>
      <div className={field}>
        <Label htmlFor="doc-account">账号问题文档</Label>
        <Input id="doc-account" value={links.accountIssueUrl} onChange={(e) => setLinks({ ...links, accountIssueUrl: e.target.value })} placeholder="https:// 或 /" />
      </div>
      <div>
        <Button type="submit" disabled={busy}>
          保存扩展配置
        </Button>
      </div>
    </form>
  );
}

const PICKABLE = [
  { value: 1, label: "课程" },
  { value: 2, label: "直播" },
  { value: 3, label: "考试" },
  { value: 4, label: "学习地图" },
] as const;

function ContentForm({ id, isMainSite, initial }: { id: number; isMainSite: boolean; initial: Data["contents"] }) {
  const [scope, setScope] = useState<0 | 1>(initial.contentScope === 1 ? 1 : 0);
  const [items, setItems] = useState(initial.contents);
  const [goodsType, setGoodsType] = useState(1);
  const [busy, setBusy] = useState(false);
  const add = (type: number, contentId: number | null, name?: string) => {
    if (!contentId || items.some((c) => c.contentType === type && c.contentId === contentId)) return;
    setItems([...items, { contentType: type, contentId, name: name ?? `#${contentId}` }]);
  };
  if (isMainSite) return <p className="text-sm text-muted">主站点展示全部已上架的课程、直播、考试与学习地图。</p>;
  return (
    <form
      className="flex max-w-[860px] flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        void saving(() => trpc.site.admin.saveContents.mutate({ id, contentScope: scope, contents: items.map(({ contentType, contentId }) => ({ contentType, contentId })) }), "已保存展示内容", setBusy);
      }}
    >
      <div className="flex gap-8" role="radiogroup" aria-label="内容范围">
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="scope" checked={scope === 0} onChange={() => setScope(0)} />
          全部内容（与主站点相同）
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="scope" checked={scope === 1} onChange={() => setScope(1)} />
          仅展示指定内容
        </label>
      </div>
      {scope === 1 && (
        <>
          <p className="text-xs text-muted">课程中心、直播中心、考试列表、学习地图列表与搜索只列出下方内容；首页推荐位与轮播图按站点单独配置（在运营内容的推荐位、轮播图页面切换到本站点）。</p>
          <GoodsPicker types={PICKABLE} goodsType={goodsType} goodsId={null} fieldClass="h-9 w-full rounded-md border border-border bg-white px-2 text-sm" onChange={(type, goodsId, option) => (type !== goodsType ? setGoodsType(type) : add(type, goodsId, option?.name))} />
          <ul className="divide-y divide-border rounded-md border border-border" aria-label="已选内容">
            {items.length === 0 && <li className="px-3 py-6 text-center text-sm text-muted">还没有选择内容</li>}
            {items.map((c) => (
              <li key={`${c.contentType}:${c.contentId}`} className="flex items-center gap-3 px-3 py-2 text-sm">
                <Badge tone="blue">{SITE_CONTENT_TYPES[c.contentType as 1 | 2 | 3 | 4]}</Badge>
                <span className="flex-1">{c.name}</span>
                <button type="button" className="cursor-pointer text-[#f53f3f]" onClick={() => setItems(items.filter((x) => x !== c))}>
                  移除
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <div>
        <Button type="submit" disabled={busy}>
          保存展示内容
        </Button>
      </div>
    </form>
  );
}

export default function AdminSiteEditor() {
  const { base, sitePage, siteExt, contents } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const { act, busy, confirm, setConfirm } = useAdminAction(() => revalidator.revalidate());
  const preview = async () => {
    try {
      const { previewUrl } = await trpc.site.admin.preview.mutate({ id: base.id });
      window.open(previewUrl, "_blank", "noopener");
    } catch (e) {
      adminToast.error(errorMessage(e));
    }
  };
  return (
    <>
      <PageHeader title={base.name} trail="站点 / 站点 / 配置">
        <div className="flex items-center gap-3">
          <Badge tone={base.status === 1 ? "green" : "gray"}>{base.status === 1 ? "已发布" : "未发布"}</Badge>
          <Button variant="outline" onClick={() => void preview()}>
            预览
          </Button>
          {base.isMainSite !== 1 &&
            (base.status === 1 ? (
              <Button
                variant="outline"
                onClick={() => setConfirm({ title: "取消发布", description: `取消发布后，学员访问「${base.name}」将看到维护页面，确定吗？`, confirmText: "取消发布", run: () => trpc.site.admin.cancelRelease.mutate({ id: base.id }), ok: "已取消发布" })}
              >
                取消发布
              </Button>
            ) : (
              <Button disabled={busy} onClick={() => void act(() => trpc.site.admin.release.mutate({ id: base.id }), `已发布「${base.name}」`)}>
                发布站点
              </Button>
            ))}
          <Link to="/admin/sites" className="text-sm text-primary">
            返回列表
          </Link>
        </div>
      </PageHeader>
      <Card className="p-6">
        <p className="mb-4 text-sm text-muted">
          访问地址：
          <a href={base.siteUrl} target="_blank" rel="noreferrer" className="text-primary hover:underline">
            {base.siteUrl}
          </a>
        </p>
        <Tabs defaultValue="base">
          <TabsList className="mb-6 gap-8">
            <TabsTrigger value="base">基础信息</TabsTrigger>
            <TabsTrigger value="page">页面配置</TabsTrigger>
            <TabsTrigger value="ext">扩展配置</TabsTrigger>
            <TabsTrigger value="content">展示内容</TabsTrigger>
          </TabsList>
          <TabsContent value="base">
            <BaseForm base={base} />
          </TabsContent>
          <TabsContent value="page">
            <PageForm id={base.id} initial={sitePage as SitePage | null} />
          </TabsContent>
          <TabsContent value="ext">
            <ExtForm id={base.id} initial={siteExt as SiteExt} />
          </TabsContent>
          <TabsContent value="content">
            <ContentForm id={base.id} isMainSite={base.isMainSite === 1} initial={contents} />
          </TabsContent>
        </Tabs>
      </Card>
      <ConfirmDialog request={confirm} busy={busy} onConfirm={() => confirm && void act(confirm.run, confirm.ok)} onCancel={() => setConfirm(null)} />
    </>
  );
}

export const ErrorBoundary = AdminRouteError;
