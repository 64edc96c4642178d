import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { TRPCError } from "@trpc/server";
import { useState } from "react";
import { toast } from "sonner";
import { downloadUrl } from "~/components/cert/cert-popup";
import { CertFact, CertStatusBadge } from "~/components/cert/cert-status";
import { copyText, saveText } from "~/components/cert/download";
import { pageTitle } from "~/components/layout/page-title";
import { LoginRequired } from "~/components/person/login-required";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/card";
import { serverCaller } from "~/lib/caller.server";
import { errorMessage, trpc } from "~/lib/trpc";
import { cn } from "~/lib/utils";
import { formatDate, formatDateCn } from "@base/format";

const REFUSED = "证书不存在或您无权查看";

export async function loader({ request }: LoaderFunctionArgs) {
  const raw = new URL(request.url).searchParams.get("id");
  const id = Number(raw);
  const { caller, ctx } = await serverCaller(request);
  if (!ctx.user) return { cert: null, error: null, needLogin: true };
  if (!raw || !Number.isInteger(id) || id <= 0) return { cert: null, error: REFUSED, needLogin: false };
  try {
    return { cert: await caller.cert.detail({ id }), error: null, needLogin: false };
  } catch (e) {
    // A refusal (someone else's certificate, an unknown id) is said on the page; a fault stays one.
    if (e instanceof TRPCError && e.code !== "INTERNAL_SERVER_ERROR") return { cert: null, error: e.message || REFUSED, needLogin: false };
    throw e;
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.cert ? data.cert.certName : "证书详情", "我的证书") }];

export default function CertificateView() {
  const { cert, error, needLogin } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-[1200px] px-4 py-6">
      <nav aria-label="位置" className="mb-4 flex items-center gap-2 text-sm text-muted">
        <Link to="/person/overview" className="hover:text-primary">
          个人中心
        </Link>
        <span>/</span>
        <Link to="/person/certificate" className="hover:text-primary">
          我的证书
        </Link>
        <span>/</span>
        <span className="text-[#1d2129]">证书详情</span>
      </nav>
      {needLogin ? (
        <div className="rounded-lg bg-white">
          <LoginRequired />
        </div>
      ) : cert ? (
        <CertDetail cert={cert} />
      ) : (
        <div className="rounded-lg bg-white" data-testid="cert-refused">
          <EmptyState
            title={error ?? REFUSED}
            hint="请从“我的证书”中打开您自己的证书；如需核验他人的证书，请使用认证中心"
            action={
              <div className="flex gap-3">
                <Button asChild variant="outline">
                  <Link to="/person/certificate">返回我的证书</Link>
                </Button>
                <Button asChild>
                  <Link to="/verify/center">去认证中心</Link>
                </Button>
              </div>
            }
          />
        </div>
      )}
    </div>
  );
}

type Cert = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["cert"]>;

function CertDetail({ cert }: { cert: Cert }) {
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);

  async function downloadCredential() {
    setSaving(true);
    try {
      const c = await trpc.cert.credential.query({ id: cert.userCertId });
      saveText(c.credential, `${c.certNo}.jwt`, "application/jwt");
      toast.success("电子凭证已开始下载");
    } catch (e) {
      toast.error(errorMessage(e, "电子凭证下载失败，请稍后再试"));
    } finally {
      setSaving(false);
    }
  }

  async function share() {
    if (await copyText(cert.shareUrl)) toast.success("分享链接已复制，发给他人即可在认证中心核验此证书");
    else toast.error(`浏览器不允许自动复制，请手动复制：${cert.shareUrl}`);
  }

  const revoked = cert.status === 3;
  return (
    <div className="flex items-start gap-5">
      <section className="min-w-0 flex-1 rounded-lg bg-white p-6">
        <div className="relative overflow-hidden rounded-md bg-surface ring-1 ring-border">
          {!loaded && !failed && <div className="absolute inset-0 animate-pulse bg-gradient-to-br from-[#fffaf0] to-[#f2f3f5]" aria-hidden />}
          {failed ? (
            <div className="flex aspect-[1123/794] flex-col items-center justify-center gap-3 text-sm text-muted">
              <p>证书图片加载失败，请检查网络后重试</p>
              <Button size="sm" variant="outline" onClick={() => setFailed(false)}>
                重新加载
              </Button>
            </div>
          ) : (
            <img
              src={cert.certImgUrl}
              alt={`${cert.certName}（${cert.certNo}）`}
              data-testid="cert-image"
              className={cn("relative block w-full transition-opacity", loaded ? "opacity-100" : "opacity-0")}
              onLoad={() => setLoaded(true)}
              onError={() => setFailed(true)}
              ref={(img) => {
                // An image already in the cache loads before React listens.
                if (img?.complete && img.naturalWidth > 0 && !loaded) setLoaded(true);
              }}
            />
          )}
        </div>
        <p className="mt-3 text-center text-xs text-muted">证书图片含防伪二维码，扫码即可在认证中心核验真伪</p>
      </section>

      <aside className="w-[340px] shrink-0 space-y-4">
        <section className="rounded-lg bg-white p-5">
          <div className="flex items-start justify-between gap-3">
            <h1 className="text-lg font-semibold leading-7 text-[#1d2129]" data-testid="cert-name">
              {cert.certName}
            </h1>
            <CertStatusBadge status={cert.status} name={cert.statusName} className="mt-1" />
          </div>
          {revoked && (
            <p className="mt-3 rounded-md bg-[#ffece8] px-3 py-2 text-xs leading-5 text-danger" data-testid="cert-revoke-reason">
              该证书已被撤销：{cert.revokeReason || "未说明原因"}
            </p>
          )}
          {cert.status === 2 && <p className="mt-3 rounded-md bg-[#fff7e8] px-3 py-2 text-xs leading-5 text-[#d25f00]">该证书已超过有效期</p>}
          <dl className="mt-3 divide-y divide-border">
            <CertFact label="获证人">{cert.realName}</CertFact>
            <CertFact label={`认证${cert.businessTypeName || "内容"}`}>{cert.contentName}</CertFact>
            <CertFact label="证书编号" testId="cert-no">
              <span className="font-mono">{cert.certNo}</span>
            </CertFact>
            {cert.score !== null && <CertFact label="成绩">{cert.score}分</CertFact>}
            {cert.learnHours !== null && <CertFact label="学时">{cert.learnHours}学时</CertFact>}
            <CertFact label="发证日期">{formatDateCn(cert.issueTime)}</CertFact>
            <CertFact label="有效期至">{cert.expireTime ? formatDate(cert.expireTime) : "长期有效"}</CertFact>
          </dl>
        </section>

        <section className="rounded-lg bg-white p-5">
          <h2 className="mb-3 text-sm font-semibold text-[#1d2129]">下载与分享</h2>
          <div className="grid grid-cols-2 gap-2">
            <Button asChild variant="outline">
              <a href={downloadUrl(cert.certImgUrl)} download>
                下载图片
              </a>
            </Button>
            <Button asChild variant="outline">
              <a href={downloadUrl(cert.certPdfUrl)} download>
                下载PDF
              </a>
            </Button>
            <Button variant="outline" className="col-span-2" disabled={saving} onClick={() => void downloadCredential()}>
              {saving ? "正在获取凭证…" : "下载电子凭证"}
            </Button>
            <Button variant="secondary" onClick={() => void share()}>
              复制分享链接
            </Button>
            <Button asChild>
              <Link to={`/verify/center?id=${cert.credentialId}`}>去验证</Link>
            </Button>
          </div>
          <p className="mt-3 text-xs leading-5 text-muted">电子凭证（.jwt）是经平台数字签名的证书数据，任何改动都会使签名失效，可在认证中心粘贴验证。</p>
        </section>
      </aside>
    </div>
  );
}
