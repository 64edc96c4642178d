import { useEffect } from "react";
import { Button } from "~/components/ui/button";
import { openLoginDialog } from "~/lib/login-dialog";
import { LockIcon } from "~/components/layout/icons";

/** What a visitor sees in the personal centre; the login dialog opens by itself once. */
export function LoginRequired() {
  useEffect(() => {
    // Deferred one tick so the dialog host has subscribed even if it mounts after this page.
    const timer = setTimeout(() => openLoginDialog(), 0);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="flex flex-col items-center justify-center gap-2 py-24 text-center">
      <div aria-hidden className="mb-3 flex h-16 w-16 items-center justify-center rounded-full bg-primary-50 text-2xl text-primary">
        <LockIcon />
      </div>
      <p className="text-lg font-medium text-[#1d2129]">请先登录</p>
      <p className="text-sm text-muted">登录后可查看学习记录、证书、订单等个人信息</p>
      <Button className="mt-4 px-8" onClick={() => openLoginDialog()}>
        登录/注册
      </Button>
    </div>
  );
}
