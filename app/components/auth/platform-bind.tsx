import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { errorMessage, trpc } from "~/lib/trpc";

export interface BindResult {
  resultType: number;
  bindRelationUserList: Array<{ name: string; mobile: string; platformType: 0 | 1 }>;
  authorizationUser: { name: string; userName: string; picUrl: string; authorizationUserMobile: string } | null;
  redirect: string;
}

/**
 * The authorisation mismatch dialogs of learner-front-end.md 8: type 1 the phones differ (rebind or
 * continue); type 2 the account is bound by another platform account (rebind or feedback, with the hotline).
 */
export function PlatformBindPanel({ result, hotline }: { result: BindResult; hotline: string }) {
  // Buttons wait for hydration: a click on the server-rendered markup would do nothing.
  const [busy, setBusy] = useState(true);
  useEffect(() => setBusy(false), []);
  const [error, setError] = useState<string | null>(null);
  const run = async (fn: () => Promise<{ url: string }>) => {
    setBusy(true);
    setError(null);
    try {
      const { url } = await fn();
      window.location.assign(url || "/");
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    }
  };
  const rebind = () => run(() => trpc.oauth.unBindRelation.mutate({}));
  const keep = () => run(() => trpc.oauth.continueLogin.mutate());
  const product = result.bindRelationUserList.find((u) => u.platformType === 0);
  const platform = result.bindRelationUserList.find((u) => u.platformType === 1);
  const type1 = result.resultType === 1;
  return (
    <div role="dialog" aria-labelledby="bind-title" className="mx-auto w-[440px] max-w-full rounded-lg bg-white p-6 shadow-xl">
      <h2 id="bind-title" className="text-lg font-semibold text-[#1d2129]">
        {type1 ? "手机号不一致，确认重新绑定？" : "该账号已被其他平台绑定"}
      </h2>
      <p className="mt-3 text-sm leading-6 text-[#4e5969]">
        {type1
          ? "您当前登录账号的手机号与授权平台账号的手机号不一致。重新绑定后，将使用该授权平台账号的身份获取学习权限。"
          : "与该授权平台账号对应的财云学院账号已绑定了其他授权平台账号。重新绑定将解除原有绑定。"}
      </p>
      <dl className="mt-4 space-y-2 rounded-md bg-[#f7f8fa] p-3 text-sm">
        {product && (
          <div className="flex justify-between">
            <dt className="text-muted">财云学院账号</dt>
            <dd>
              {product.name} {product.mobile}
            </dd>
          </div>
        )}
        {platform && (
          <div className="flex justify-between">
            <dt className="text-muted">授权平台账号</dt>
            <dd>
              {platform.name} {platform.mobile}
            </dd>
          </div>
        )}
      </dl>
      {!type1 && <p className="mt-3 text-sm text-[#4e5969]">如有疑问请致电客服热线：{hotline}</p>}
      {error && (
        <p role="alert" className="mt-3 text-sm text-danger">
          {error}
        </p>
      )}
      <div className="mt-6 flex justify-end gap-2">
        {type1 ? (
          <Button variant="outline" disabled={busy} onClick={keep}>
            继续
          </Button>
        ) : (
          <Button variant="outline" asChild>
            <a href="/person/help">反馈</a>
          </Button>
        )}
        <Button disabled={busy} onClick={rebind}>
          重新绑定
        </Button>
      </div>
    </div>
  );
}
