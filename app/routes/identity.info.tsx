import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { IdentityForm } from "~/components/identity/identity-form";
import { IdentityView } from "~/components/identity/identity-view";
import { pageTitle } from "~/components/layout/page-title";
import { LoginRequired } from "~/components/person/login-required";
import { serverCaller } from "~/lib/caller.server";
import { safeTarget } from "@base/safe-target";

export const meta: MetaFunction = () => [{ title: pageTitle("实名认证") }];

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const from = safeTarget(url.searchParams.get("from"), "/person/info");
  const { caller, ctx, resHeaders } = await serverCaller(request);
  if (!ctx.user) return data({ loggedIn: false as const, from }, { headers: resHeaders });
  const record = await caller.identity.getInfo({});
  // A confirmed identity is only ever shown; an unconfirmed one only ever filled in.
  if (record.isAuth === 1) return data({ loggedIn: true as const, mode: "view" as const, record, from }, { headers: resHeaders });
  const [categories, areas] = await Promise.all([caller.identity.identityCategories(), caller.identity.areaTree()]);
  return data({ loggedIn: true as const, mode: "form" as const, record, categories, areas, from }, { headers: resHeaders });
}

export default function IdentityInfoPage() {
  const page = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto my-6 w-[1200px] max-w-full rounded-lg bg-white">
      <div className="flex h-14 items-center border-b border-border px-8">
        <h1 className="text-base font-semibold text-[#1d2129]">实名认证</h1>
        {page.loggedIn && page.mode === "form" ? (
          <span className="ml-4 text-xs text-muted">实名信息将用于培训证书，请如实填写</span>
        ) : null}
      </div>
      <div className="mx-auto max-w-[720px] px-8 py-8">
        {!page.loggedIn ? (
          <LoginRequired />
        ) : page.mode === "view" ? (
          <IdentityView record={page.record} from={page.from} />
        ) : (
          <IdentityForm initial={page.record} categories={page.categories} areas={page.areas} from={page.from} />
        )}
      </div>
    </div>
  );
}
