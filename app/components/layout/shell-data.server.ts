import { serverCaller } from "~/lib/caller.server";
import { env } from "@base/env.server";
import { intranetVariant, SSO_START_PATH } from "@trpc-app/sso/config";
import type { RootData, Shell, SiteShell } from "./shell-types";

const DEFAULT_HOTLINE = "400-881-7190";

const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : undefined);
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** Everything the learner shell shows around a page: user, site config, links and static values. */
export async function loadRootData(request: Request): Promise<{ value: RootData; headers: Headers }> {
  const { caller, resHeaders } = await serverCaller(request);
  const [user, config, getLink, appQrcode] = await Promise.all([
    caller.auth.me(),
    caller.site.getConfig({}),
    caller.site.staticValue({ key: "getLink" }),
    caller.site.staticValue({ key: "MobileAppQrcode" }),
  ]);
  // The site config is open-ended JSON an admin edits; read it as such.
  const siteConfig = config as RootData["siteConfig"];
  // Layout switches (caiyun/front/page/layout): the header and footer read siteConfig.pageLayout to hide tabs, search, notices, footer.
  const pageLayout = await caller.operate.layout();
  siteConfig.pageLayout = pageLayout;
  const links = obj(getLink);
  const sitePage = obj(siteConfig.sitePage);
  const docs = obj(obj(siteConfig.siteExt).siteDocumentLink);
  const isMainSite = !siteConfig.pathName;
  const siteTop = obj(sitePage.siteTop);
  const noticeFunction = siteTop.noticeFunction;
  const site = siteShell(siteConfig, sitePage, user.isAdmin === 1);
  const hotline = str(links.hotline) ?? DEFAULT_HOTLINE;
  const { intranet } = intranetVariant();
  const shell: Shell = {
    isMainSite,
    site,
    noticeEnabled: isMainSite || noticeFunction === 1 || noticeFunction === true,
    showAdminEntry: user.isAdmin === 1 && !env().isProduction,
    infoCenterUrl: str(links.infoCenter) ?? "#",
    appQrcode: str(appQrcode) ?? "",
    hotline: str(site.footer?.hotline) ?? hotline,
    aboutUrl: str(links.aboutUs) ?? "/about",
    helpUrl: str(links.helpCenter) ?? "/person/help",
    contactUrl: str(links.contactUs) ?? `tel:${hotline.replace(/[^\d]/g, "")}`,
    openScopeGuideUrl: str(docs.openScopeGuideUrl),
    accountIssueUrl: str(docs.accountIssueUrl),
    permissionDenied: typeof siteConfig.permissionDenied === "number" ? siteConfig.permissionDenied : undefined,
    layout: {
      header: pageLayout.globalHeader !== 0,
      tabs: pageLayout.headerTabs !== 0,
      search: pageLayout.headerSearch !== 0 && (isMainSite || siteTop.searchFunction !== 0),
      notice: pageLayout.headerNotice !== 0,
      footer: pageLayout.globalFooter !== 0 && (isMainSite || obj(sitePage.siteFooter).showFooter !== 0),
    },
    plainRoutes: [
      ...(pageLayout.courseDetailLayout === 0 ? ["routes/course.detail"] : []),
      ...(pageLayout.examResultLayout === 0 ? ["routes/exam.result"] : []),
      ...(pageLayout.examTestLayout === 0 ? ["routes/exam.test"] : []),
    ],
    // In the internal-network variant every login goes through single sign-on.
    loginUrl: intranet ? SSO_START_PATH : str(pageLayout.loginUrl),
    examAgreement: pageLayout.confirmStartExam === 1 ? (str(pageLayout.confirmStartExamText) ?? "") : undefined,
    intranet,
    ssoLoginUrl: intranet ? SSO_START_PATH : undefined,
  };
  return { value: { user, siteConfig, shell }, headers: resHeaders };
}

const list = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? v.filter((x) => x && typeof x === "object") : []);

/** An extra site's own logo, tabs, login methods, title and footer; the main site keeps the product's. */
function siteShell(siteConfig: RootData["siteConfig"], sitePage: Record<string, unknown>, isAdmin: boolean): SiteShell {
  const isMainSite = !siteConfig.pathName;
  const top = obj(sitePage.siteTop);
  const login = obj(sitePage.siteLogin);
  const footer = obj(sitePage.siteFooter);
  const methods = Array.isArray(login.supportMethod) ? login.supportMethod.filter((m): m is number => m === 1 || m === 2 || m === 3) : [];
  const tabs = list(top.siteTopTabList)
    .map((t) => ({ label: str(t.name) ?? "", to: str(t.url) ?? "" }))
    .filter((t) => t.label && t.to)
    .map((t) => ({ ...t, external: /^https?:\/\//.test(t.to) }));
  const unreleased = !isMainSite && siteConfig.status === 0;
  return {
    name: siteConfig.name,
    pathName: siteConfig.pathName,
    logoPicUrl: isMainSite ? undefined : str(top.logoPicUrl),
    tabs: !isMainSite && tabs.length ? tabs : undefined,
    loginMethods: isMainSite || !methods.length ? [1, 2, 3] : methods,
    authPlatforms: list(login.authPlatformInfos).map((p) => ({
      platformName: str(p.platformName) ?? "",
      platformLoginUrl: str(p.platformLoginUrl) ?? "",
      platformLogoUrl: str(p.platformLogoUrl),
    })),
    titleSuffix: isMainSite ? undefined : (str(obj(sitePage.siteTab).suffix) ?? siteConfig.name),
    footer: isMainSite ? undefined : { title: str(footer.title), content: str(footer.content), hotline: str(footer.hotline), copyright: str(footer.copyright) },
    unreleased,
    maintenance: unreleased && !isAdmin,
  };
}
