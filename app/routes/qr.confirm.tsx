import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { AuthCard } from "~/components/auth/form-field";
import { loadViewer } from "~/components/auth/viewer.server";
import { Button, buttonVariants } from "~/components/ui/button";
import { openLoginDialog } from "~/lib/login-dialog";
import { errorCode, errorMessage, trpc } from "~/lib/trpc";

export const meta: MetaFunction = () => [{ title: "扫码登录确认 - 财云学院" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { viewer, headers } = await loadViewer(request);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return data({ viewer, token }, { headers });
}

/** The second device's side of QR login (what the mobile app does): scan, then confirm or cancel. */
export default function QrConfirmPage() {
  const { viewer, token } = useLoaderData<typeof loader>();
  if (!viewer) {
    return (
      <AuthCard title="扫码登录">
        <div className="flex flex-col items-center gap-5 text-center">
          <p className="text-sm leading-6 text-[#4e5969]">请先在本设备登录财云学院，再确认电脑端的登录请求</p>
          <Button size="lg" className="w-full" onClick={() => openLoginDialog()}>
            去登录
          </Button>
        </div>
      </AuthCard>
    );
  }
  return <ConfirmPanel key={token} token={token} nick={viewer.nick} />;
}

type State =
  | { kind: "scanning" }
  | { kind: "ask" }
  | { kind: "confirming" }
  | { kind: "confirmed" }
  | { kind: "cancelled" }
  | { kind: "expired" }
  | { kind: "error"; message: string };

/** Expired and consumed codes come back as a plain failure whose message says so. */
function stateOf(e: unknown): State {
  const message = errorMessage(e);
  if (errorCode(e) === "281") return { kind: "error", message: "登录已失效，请刷新页面后重新登录" };
  return /失效/.test(message) ? { kind: "expired" } : { kind: "error", message };
}

function ConfirmPanel({ token, nick }: { token: string; nick: string }) {
  const [state, setState] = useState<State>(token ? { kind: "scanning" } : { kind: "expired" });
  const scanned = useRef(false);

  useEffect(() => {
    // One scan per page: the server binds the code to this account on the first one.
    if (!token || scanned.current) return;
    scanned.current = true;
    trpc.auth.qrScan
      .mutate({ qrCodeToken: token })
      .then((r) => setState(r.qrCodeStatus === 3 ? { kind: "confirmed" } : { kind: "ask" }))
      .catch((e) => setState(stateOf(e)));
  }, [token]);

  async function confirm() {
    setState({ kind: "confirming" });
    try {
      await trpc.auth.qrConfirm.mutate({ qrCodeToken: token });
      setState({ kind: "confirmed" });
    } catch (e) {
      setState(stateOf(e));
    }
  }

  async function cancel() {
    setState({ kind: "confirming" });
    try {
      await trpc.auth.qrCancel.mutate({ qrCodeToken: token });
      setState({ kind: "cancelled" });
    } catch (e) {
      setState(stateOf(e));
    }
  }

  return (
    <AuthCard title="扫码登录">
      <div className="flex flex-col items-center text-center">
        <div aria-hidden className="mb-5 flex h-16 w-16 items-center justify-center rounded-full bg-primary-50 text-3xl text-primary">
          {state.kind === "confirmed" ? "✓" : state.kind === "expired" || state.kind === "error" ? "!" : <MonitorIcon />}
        </div>
        {state.kind === "scanning" && <p className="text-sm text-muted">正在识别二维码…</p>}
        {(state.kind === "ask" || state.kind === "confirming") && (
          <>
            <p className="text-lg font-medium text-[#1d2129]">确认登录财云学院网页版?</p>
            <p className="mt-2 text-sm text-muted">将以账号「{nick}」登录电脑端，如非本人操作请取消</p>
            <div className="mt-7 flex w-full flex-col gap-3">
              <Button size="lg" disabled={state.kind === "confirming"} onClick={() => void confirm()}>
                确认登录
              </Button>
              <Button size="lg" variant="outline" disabled={state.kind === "confirming"} onClick={() => void cancel()}>
                取消
              </Button>
            </div>
          </>
        )}
        {state.kind === "confirmed" && <p className="text-lg font-medium text-[#1d2129]">已确认，电脑端将自动登录</p>}
        {state.kind === "cancelled" && <p className="text-lg font-medium text-[#1d2129]">已取消登录</p>}
        {state.kind === "expired" && (
          <>
            <p className="text-lg font-medium text-[#1d2129]">二维码已失效</p>
            <p className="mt-2 text-sm text-muted">请在电脑上刷新二维码后重新扫码</p>
          </>
        )}
        {state.kind === "error" && <p className="text-base text-danger">{state.message}</p>}
        {(state.kind === "confirmed" || state.kind === "cancelled" || state.kind === "expired" || state.kind === "error") && (
          <Link to="/" className={buttonVariants({ variant: "outline", className: "mt-7 w-full" })}>
            返回首页
          </Link>
        )}
      </div>
    </AuthCard>
  );
}

function MonitorIcon() {
  return (
    <svg width="30" height="30" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
      <rect x="3" y="4" width="18" height="12" rx="1.5" />
      <path d="M8 20h8M12 16v4" />
    </svg>
  );
}
