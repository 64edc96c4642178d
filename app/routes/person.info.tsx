import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Avatar } from "~/components/layout/avatar";
import { pageTitle } from "~/components/layout/page-title";
import { isLoggedIn, useRootData } from "~/components/layout/shell-types";
import { PersonPage } from "~/components/person/person-page";

export const meta: MetaFunction = () => [{ title: pageTitle("个人信息", "个人中心") }];

function Row({ label, children, action }: { label: string; children: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex h-14 items-center border-b border-border text-sm last:border-b-0">
      <span className="w-28 shrink-0 text-muted">{label}</span>
      <span className="flex-1 text-[#1d2129]">{children}</span>
      {action}
    </div>
  );
}

const action = (to: string, label: string) => (
  <Link to={to} className="text-primary hover:underline">
    {label}
  </Link>
);

export default function PersonInfo() {
  const user = useRootData()?.user;
  if (!isLoggedIn(user)) return null;
  return (
    <PersonPage title="个人信息">
      <div className="max-w-[640px]">
        <Row label="头像">
          <Avatar src={user.headPic} name={user.nick} className="h-10 w-10" />
        </Row>
        <Row label="昵称">{user.nick}</Row>
        <Row label="用户名">{user.loginName}</Row>
        <Row label="手机号" action={action("/mobile/setting", user.mobile ? "更换手机号" : "绑定手机号")}>
          {user.mobile || <span className="text-muted">未绑定</span>}
        </Row>
        <Row label="登录密码" action={action("/password/setting", "修改密码")}>
          ********
        </Row>
        <Row
          label="实名认证"
          action={action(user.isComplete ? "/identity/info?isAuth=1" : "/identity/info?isAuth=0&from=/person/info", user.isComplete ? "查看" : "去认证")}
        >
          {user.isComplete ? <span className="text-[#00b42a]">已认证</span> : <span className="text-muted">未认证</span>}
        </Row>
      </div>
    </PersonPage>
  );
}
