import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { TRPCError } from "@trpc/server";
import { PlatformBindPanel } from "~/components/auth/platform-bind";
import { serverCaller } from "~/lib/caller.server";

export const meta: MetaFunction = () => [{ title: "授权登录 - 财云学院" }];

/** The provider sends the browser here with code and state; the procedure decides what happens next. */
export async function loader({ request }: LoaderFunctionArgs) {
  const sp = new URL(request.url).searchParams;
  const { caller, resHeaders } = await serverCaller(request);
  const hotline = await caller.site
    .staticValue({ key: "staticValue" })
    .then((v) => (v && typeof v === "object" && "serviceHotline" in v ? String((v as { serviceHotline: unknown }).serviceHotline) : "400-881-7190"))
    .catch(() => "400-881-7190");
  try {
    const result = await caller.oauth.callback({ state: sp.get("state") ?? "", code: sp.get("code") ?? undefined, error: sp.get("error") ?? undefined });
    if (result.resultType === 0) throw redirect(result.redirect || "/", { headers: resHeaders });
    return data({ result: { ...result, redirect: result.redirect }, hotline, error: null }, { headers: resHeaders });
  } catch (error) {
    if (error instanceof Response) throw error;
    const message = error instanceof TRPCError && error.code !== "INTERNAL_SERVER_ERROR" ? error.message : "授权登录失败，请稍后重试";
    if (!(error instanceof TRPCError)) console.error("[oauth] callback failed:", error);
    return data({ result: null, hotline, error: message }, { headers: resHeaders });
  }
}

export default function OAuthCallback() {
  const { result, hotline, error } = useLoaderData<typeof loader>();
  return (
    <div className="flex min-h-[60vh] items-center justify-center bg-black/5 px-4 py-16">
      {result ? (
        <PlatformBindPanel result={result as never} hotline={hotline} />
      ) : (
        <div role="alert" className="w-[420px] rounded-lg bg-white p-6 text-center shadow-xl">
          <h2 className="text-lg font-semibold text-[#1d2129]">授权登录未完成</h2>
          <p className="mt-3 text-sm text-[#4e5969]">{error}</p>
          <Link to="/?login=1" className="mt-6 inline-block text-sm text-primary hover:underline">
            返回重新登录
          </Link>
        </div>
      )}
    </div>
  );
}
