import { Link } from "@remix-run/react";
import { Button } from "~/components/ui/button";

/** What a logged-in learner sees at /admin. */
export function AdminForbidden({ message = "您没有权限访问管理后台" }: { message?: string }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-surface p-6">
      <div className="w-[420px] max-w-full rounded-lg border border-border bg-white px-8 py-12 text-center">
        <p className="text-5xl font-bold text-primary">403</p>
        <h1 className="mt-4 text-lg font-semibold text-[#1d2129]">{message}</h1>
        <p className="mt-2 text-sm text-muted">管理后台仅对管理员开放，如需开通请联系平台管理员。</p>
        <Button asChild className="mt-6">
          <Link to="/">返回首页</Link>
        </Button>
      </div>
    </main>
  );
}
