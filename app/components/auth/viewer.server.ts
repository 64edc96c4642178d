import { serverCaller } from "~/lib/caller.server";

/** The visitor or user of this request, as the account pages need it (through auth.me). */
export async function loadViewer(request: Request) {
  const { caller, resHeaders } = await serverCaller(request);
  const me = await caller.auth.me();
  const viewer = me.isLogin === 1 && "mobile" in me ? { nick: me.nick, mobile: me.mobile } : null;
  return { viewer, headers: resHeaders };
}
