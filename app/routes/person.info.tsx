import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { HeadPicEditor, InlineEditor, saveNick, saveOrg, suggestOrgs, validateNick, validateOrg } from "~/components/identity/profile-editors";
import { pageTitle } from "~/components/layout/page-title";
import { PersonPage } from "~/components/person/person-page";
import { serverCaller } from "~/lib/caller.server";

export const meta: MetaFunction = () => [{ title: pageTitle("个人信息", "个人中心") }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { caller, ctx, resHeaders } = await serverCaller(request);
  // Visitors get the personal centre's login prompt from the parent layout.
  if (!ctx.user) return data({ profile: null }, { headers: resHeaders });
  return data({ profile: await caller.identity.personalCenter() }, { headers: resHeaders });
}

function Row({ label, children, action }: { label: string; children: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex min-h-14 items-center border-b border-border text-sm last:border-b-0">
      <span className="w-28 shrink-0 text-muted">{label}</span>
      <div className="flex flex-1 items-center text-[#1d2129]">{children}</div>
      {action}
    </div>
  );
}

const link = (to: string, label: string) => (
  <Link to={to} className="text-primary hover:underline">
    {label}
  </Link>
);

export default function PersonInfo() {
  const { profile } = useLoaderData<typeof loader>();
  if (!profile) return null;
  return (
    <PersonPage title="个人信息">
      <div className="max-w-[720px]">
        <Row label="头像">
          <HeadPicEditor src={profile.headPic} name={profile.nick} />
        </Row>
        <Row label="昵称">
          <InlineEditor label="昵称" value={profile.nick} placeholder="中文、字母及数字，1-16个字符" validate={validateNick} save={saveNick} />
        </Row>
        <Row label="用户名">{profile.loginName}</Row>
        <Row label="用户ID">{profile.userId}</Row>
        <Row label="单位名称">
          <InlineEditor label="单位名称" value={profile.orgName} placeholder="请输入单位名称，最多50个字符" validate={validateOrg} save={saveOrg} suggest={suggestOrgs} />
        </Row>
        <Row label="手机号" action={link("/mobile/setting", profile.mobile ? "更换手机号" : "绑定手机号")}>
          {profile.mobile || <span className="text-muted">未绑定</span>}
        </Row>
        <Row label="登录密码" action={link("/password/setting", "修改密码")}>
          ********
        </Row>
        <Row
          label="实名认证"
          action={link(
            profile.isAuth ? "/identity/info?isAuth=1&from=/person/info" : "/identity/info?isAuth=0&from=/person/info",
            profile.isAuth ? "查看" : "去认证",
          )}
        >
          {profile.isAuth ? (
            <span>
              <span className="text-[#00b42a]">已认证</span>
              <span className="ml-3 text-muted">
                {profile.realName} {profile.idNo}
              </span>
            </span>
          ) : (
            <span className="text-muted">未认证</span>
          )}
        </Row>
      </div>
    </PersonPage>
  );
}
