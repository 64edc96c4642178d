import type { SessionUser } from "./session";

const DAY = 24 * 60 * 60 * 1000;

export function maskMobile(mobile: string | null): string {
  if (!mobile) return "";
  return mobile.length >= 7 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : mobile;
}

/** The User entity of the spec, as every client reads it. */
export function userView(user: SessionUser) {
  return {
    userId: user.id,
    loginName: user.loginName,
    nick: user.nick,
    headPic: user.headPic ?? "",
    mobile: maskMobile(user.mobile),
    isLogin: 1,
    isAdmin: user.isAdmin,
    isTeacher: user.isTeacher,
    isPurchaser: user.isPurchaser,
    isComplete: [1, 2, 3].includes(user.identitySource),
    learnHour: user.learnHour,
    learnLesson: user.learnLesson,
    learnTime: user.learnTime,
    registerDay: Math.max(1, Math.ceil((Date.now() - user.createdAt.getTime()) / DAY)),
  };
}
export type UserView = ReturnType<typeof userView>;

export const visitorView = {
  userId: null,
  nick: "",
  headPic: "",
  isLogin: 0,
  isAdmin: 0,
  isTeacher: 0,
  isPurchaser: 0,
  isComplete: false,
} as const;
