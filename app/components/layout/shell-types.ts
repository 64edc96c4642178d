import { useRouteLoaderData } from "@remix-run/react";

/** The current user as the root loader hands it out (visitors have userId null and isLogin 0). */
export interface ShellUser {
  userId: number | null;
  loginName?: string;
  nick: string;
  headPic: string;
  mobile?: string;
  isLogin: number;
  isAdmin: number;
  isTeacher: number;
  isPurchaser: number;
  isComplete: boolean;
  learnHour?: number;
  learnLesson?: number;
  learnTime?: number;
  registerDay?: number;
}

/** What an extra site sets for its pages (learner-front-end.md 2, 3): the main site leaves these empty. */
export interface SiteShell {
  name: string;
  pathName: string;
  /** Logo picture in place of the product mark. */
  logoPicUrl?: string;
  /** The site's own header tabs, in place of the main site's. */
  tabs?: { label: string; to: string; external?: boolean }[];
  /** Login methods offered: 1 account, 2 phone, 3 authorised platforms. */
  loginMethods: number[];
  authPlatforms: { platformName: string; platformLoginUrl: string; platformLogoUrl?: string }[];
  /** Page titles end with this instead of the product name. */
  titleSuffix?: string;
  footer?: { title?: string; content?: string; hotline?: string; copyright?: string };
  /** An unreleased site: learners get the maintenance page, admins see it with a banner. */
  unreleased: boolean;
  maintenance: boolean;
}

/** What the header, footer and side menu need, worked out once on the server. */
export interface Shell {
  isMainSite: boolean;
  site: SiteShell;
  noticeEnabled: boolean;
  showAdminEntry: boolean;
  infoCenterUrl: string;
  appQrcode: string;
  hotline: string;
  aboutUrl: string;
  helpUrl: string;
  contactUrl: string;
  openScopeGuideUrl?: string;
  accountIssueUrl?: string;
  /** Layout config flag: 102 shows its dialog only when this is 1 (absent means the dialog shows). */
  permissionDenied?: number;
  /** Layout switches an operator sets (caiyun/front/page/layout). */
  layout: { header: boolean; tabs: boolean; search: boolean; notice: boolean; footer: boolean };
  /** Pages an operator shows without the header and footer (embedded in another platform): route ids. */
  plainRoutes: string[];
  /** An external login page that replaces the login dialog when set. */
  loginUrl?: string;
  /** The agreement a learner must accept before starting an exam, when the switch is on. */
  examAgreement?: string;
  /** Internal-network variant: single sign-on replaces the login dialog and the school-centre tab shows. */
  intranet: boolean;
  /** Where the browser starts single sign-on (add ?redirect=<path>); set only in the internal-network variant. */
  ssoLoginUrl?: string;
}

export interface RootData {
  user: ShellUser;
  siteConfig: Record<string, unknown> & { siteId: number | null; pathName: string; name: string };
  shell: Shell;
}

export const isLoggedIn = (user: ShellUser | undefined): user is ShellUser & { userId: number } =>
  !!user && user.isLogin === 1 && user.userId !== null;

/** Root loader data from any component; undefined only inside the root error page. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}
