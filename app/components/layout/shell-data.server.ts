import { serverCaller } from "~/lib/caller.server";
import { env } from "@base/env.server";
import type { RootData, Shell } from "./shell-types";

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
  const noticeFunction = obj(sitePage.siteTop).noticeFunction;
  const hotline = str(links.hotline) ?? DEFAULT_HOTLINE;
  const shell: Shell = {
    isMainSite,
    noticeEnabled: isMainSite || noticeFunction === 1 || noticeFunction === true,
    showAdminEntry: user.isAdmin === 1 && !env().isProduction,
    infoCenterUrl: str(links.infoCenter) ?? "#",
    appQrcode: str(appQrcode) ?? "",
    hotline,
    aboutUrl: str(links.aboutUs) ?? "/about",
    helpUrl: str(links.helpCenter) ?? "/person/help",
    contactUrl: str(links.contactUs) ?? `tel:${hotline.replace(/[^\d]/g, "")}`,
    openScopeGuideUrl: str(docs.openScopeGuideUrl),
    accountIssueUrl: str(docs.accountIssueUrl),
    permissionDenied: typeof siteConfig.permissionDenied === "number" ? siteConfig.permissionDenied : undefined,
    layout: {
      header: pageLayout.globalHeader !== 0,
      tabs: pageLayout.headerTabs !== 0,
      search: pageLayout.headerSearch !== 0,
      notice: pageLayout.headerNotice !== 0,
      footer: pageLayout.globalFooter !== 0,
    },
    plainRoutes: [
      ...(pageLayout.courseDetailLayout === 0 ? ["routes/course.detail"] : []),
      ...(pageLayout.examResultLayout === 0 ? ["routes/exam.result"] : []),
      ...(pageLayout.examTestLayout === 0 ? ["routes/exam.test"] : []),
    ],
    loginUrl: str(pageLayout.loginUrl),
    examAgreement: pageLayout.confirmStartExam === 1 ? (str(pageLayout.confirmStartExamText) ?? "") : undefined,
  };
  return { value: { user, siteConfig, shell }, headers: resHeaders };
}
