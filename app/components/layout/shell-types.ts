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

/** What the header, footer and side menu need, worked out once on the server. */
export interface Shell {
  isMainSite: boolean;
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
