import { maskMobile } from "@base/format";
import type { SessionUser } from "./session";

const DAY = 24 * 60 * 60 * 1000;

// The display rule lives in base/format; re-exported for the services that import it from here.

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
