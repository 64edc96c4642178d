import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { TRPCError } from "@trpc/server";
import { useRef, useState, type FormEvent, type ReactNode } from "react";
import { CertStatusBadge } from "~/components/cert/cert-status";
import { VerifyResult, type VerifyOutcome } from "~/components/cert/verify-result";
import { pageTitle } from "~/components/layout/page-title";
import { SearchIcon } from "~/components/layout/icons";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { serverCaller } from "~/lib/caller.server";
import { openLoginDialog } from "~/lib/login-dialog";
import { errorMessage, trpc } from "~/lib/trpc";
import { formatDate } from "@base/format";

export const meta: MetaFunction = () => [
  { title: pageTitle("认证中心") },
  { name: "description", content: "财云学院认证中心：证书真伪查询、电子凭证验签，了解可获得证书的认证项目。" },
];

const NOT_FOUND = "未查询到该证书";

export async function loader({ request }: LoaderFunctionArgs) {
  const id = new URL(request.url).searchParams.get("id")?.trim() || "";
  const { caller, ctx, resHeaders } = await serverCaller(request);
  // The QR code and share link arrive with ?id=<credential id>: that certificate's result at once.
  const shared = id
    ? await caller.cert.verify({ id }).then(
        (cert) => ({ ok: true as const, cert }),
        (e: unknown) => {
          if (e instanceof TRPCError && e.code !== "INTERNAL_SERVER_ERROR") return { ok: false as const, message: e.code === "BAD_REQUEST" ? "证书验证码不正确，请核对链接是否完整" : e.message || NOT_FOUND };
          throw e;
        },
      )
    : null;
  const [programmes, mine] = await Promise.all([
    caller.cert.guessYouWantToLearn({ pageNo: 1, pageSize: 8 }),
    ctx.user ? caller.cert.myCert({ pageNo: 1, pageSize: 4 }) : null,
  ]);
  return data({ shared, programmes, mine, loggedIn: !!ctx.user }, { headers: resHeaders });
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

export default function VerifyCenter() {
  const { shared, programmes, mine, loggedIn } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <div className="pb-12">
      <div className="overflow-hidden bg-gradient-to-r from-[#0b3a8c] via-[#0052d9] to-[#2f8bff]">
        <div className="relative mx-auto max-w-[1200px] px-4 pb-24 pt-10 text-white">
          <div aria-hidden className="absolute -right-10 -top-16 h-64 w-64 rounded-full border-[28px] border-white/10" />
          <div aria-hidden className="absolute right-40 top-20 h-24 w-24 rounded-full border-[14px] border-white/10" />
          <h1 className="text-[28px] font-semibold tracking-wide">财云学院认证中心</h1>
          <p className="mt-2 text-sm text-white/80">证书真伪查询 · 电子凭证验签 · 政府采购从业能力认证</p>
        </div>
      </div>
      <div className="relative z-10 mx-auto -mt-16 max-w-[1200px] space-y-6 px-4">
        {/* Keyed by the query so a new ?id shows its own result. */}
        <VerifyPanel key={search} shared={shared} />
        <Programmes programmes={programmes} />
        <MyCerts mine={mine} loggedIn={loggedIn} />
      </div>
    </div>
  );
}

function SectionHead({ title, hint, extra }: { title: string; hint?: string; extra?: ReactNode }) {
  return (
    <div className="mb-4 flex items-end justify-between gap-4">
      <div className="flex items-baseline gap-3">
        <h2 className="border-l-4 border-primary pl-2.5 text-lg font-semibold leading-5 text-[#1d2129]">{title}</h2>
        {hint && <span className="text-xs text-muted">{hint}</span>}
      </div>
      {extra}
    </div>
  );
}

function VerifyPanel({ shared }: { shared: LoaderData["shared"] }) {
  const initial: VerifyOutcome | null = shared
    ? shared.ok
      ? { kind: "cert", cert: shared.cert, signatureValid: shared.cert.signature === "valid", via: "link" }
      : { kind: "error", message: shared.message }
    : null;
  const [outcome, setOutcome] = useState<VerifyOutcome | null>(initial);
  const [tab, setTab] = useState("search");
  const [certNo, setCertNo] = useState(shared?.ok ? shared.cert.certNo : "");
  const [name, setName] = useState("");
  const [credential, setCredential] = useState("");
  const [fieldError, setFieldError] = useState("");
  const [busy, setBusy] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  const show = (next: VerifyOutcome) => {
    setOutcome(next);
    requestAnimationFrame(() => resultRef.current?.scrollIntoView({ behavior: "smooth", block: "nearest" }));
  };

  async function searchCert(e: FormEvent) {
    e.preventDefault();
    const no = certNo.trim();
    const who = name.trim();
    if (!no || !who) return setFieldError(!no ? "请输入证书编号" : "请输入持证人姓名");
    setFieldError("");
    setBusy(true);
    try {
      const cert = await trpc.cert.search.query({ certNo: no, name: who });
      show({ kind: "cert", cert, signatureValid: cert.signature === "valid", via: "search" });
    } catch (err) {
      show({ kind: "error", message: errorMessage(err, "查询失败，请稍后再试") });
    } finally {
      setBusy(false);
    }
  }

  async function verifyCredential(e: FormEvent) {
    e.preventDefault();
    const token = credential.trim();
    if (token.length < 10) return setFieldError(token ? "证书凭证格式不正确" : "请粘贴电子凭证内容，或选择下载的 .jwt 凭证文件");
    setFieldError("");
    setBusy(true);
    try {
      const r = await trpc.cert.verifyCredential.mutate({ credential: token });
      if (!r.signatureValid)
        show({ kind: "credential-failed", signatureValid: false, message: r.signatureMessage, detail: "该凭证无法证明任何证书信息。请向持证人索取原始凭证文件，或使用证书编号和姓名查询。" });
      else if (!r.certificate)
        show({ kind: "credential-failed", signatureValid: true, message: `${r.signatureMessage}，但${r.statusName || "本平台没有该证书的记录"}`, detail: "凭证由本平台签发，但对应的证书记录已不存在，请联系发证机构核实。" });
      else show({ kind: "cert", cert: r.certificate, signatureValid: true, signatureMessage: r.signatureMessage, via: "credential" });
    } catch (err) {
      show({ kind: "error", message: errorMessage(err, "验证失败，请稍后再试") });
    } finally {
      setBusy(false);
    }
  }

  function readFile(file: File | undefined) {
    if (!file) return;
    if (file.size > 20_000) return setFieldError("文件过大，请选择下载的 .jwt 凭证文件");
    const reader = new FileReader();
    reader.onload = () => {
      setCredential(String(reader.result ?? "").trim());
      setFieldError("");
    };
    reader.onerror = () => setFieldError("文件读取失败，请重新选择");
    reader.readAsText(file);
  }

  return (
    <section className="rounded-xl bg-white p-6 shadow-[0_8px_30px_rgba(0,46,120,0.12)]" aria-label="证书验证">
      <Tabs
        value={tab}
        onValueChange={(v) => {
          setTab(v);
          setFieldError("");
        }}
      >
        <TabsList>
          <TabsTrigger value="search">证书查询</TabsTrigger>
          <TabsTrigger value="credential">电子凭证验证</TabsTrigger>
        </TabsList>
        <TabsContent value="search" className="pt-5">
          <form onSubmit={searchCert} className="flex items-start gap-3" noValidate>
            <label className="flex-1">
              <span className="sr-only">证书编号</span>
              <Input value={certNo} onChange={(e) => setCertNo(e.target.value)} placeholder="请输入证书编号，如 CYKS2026000001" aria-label="证书编号" maxLength={32} className="h-11" />
            </label>
            <label className="w-[260px]">
              <span className="sr-only">姓名</span>
              <Input value={name} onChange={(e) => setName(e.target.value)} placeholder="请输入持证人姓名" aria-label="姓名" maxLength={40} className="h-11" />
            </label>
            <Button type="submit" size="lg" disabled={busy} className="w-[132px]">
              <SearchIcon className="h-4 w-4" />
              {busy ? "查询中…" : "查询证书"}
            </Button>
          </form>
          <p className="mt-2 text-xs text-muted">证书编号与姓名须同时匹配；扫描证书上的二维码也可直接核验。</p>
        </TabsContent>
        <TabsContent value="credential" className="pt-5">
          <form onSubmit={verifyCredential} className="space-y-3" noValidate>
            <textarea
              value={credential}
              onChange={(e) => setCredential(e.target.value)}
              aria-label="电子凭证"
              placeholder="请粘贴电子凭证内容（下载的 .jwt 文件中的全部文字），平台将校验数字签名和证书状态"
              rows={4}
              spellCheck={false}
              className="w-full resize-y break-all rounded-md border border-border px-3 py-2 font-mono text-xs leading-5 placeholder:font-sans placeholder:text-sm placeholder:text-muted focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/15"
            />
            <div className="flex items-center gap-3">
              <Button type="submit" disabled={busy} className="w-[132px]">
                {busy ? "验证中…" : "验证凭证"}
              </Button>
              <Button type="button" variant="outline" onClick={() => fileRef.current?.click()}>
                选择凭证文件
              </Button>
              <input
                ref={fileRef}
                type="file"
                accept=".jwt,.txt,application/jwt,text/plain"
                className="hidden"
                aria-label="选择凭证文件"
                onChange={(e) => {
                  readFile(e.target.files?.[0]);
                  e.target.value = "";
                }}
              />
              <span className="text-xs text-muted">凭证可在“我的证书 - 证书详情”中下载</span>
            </div>
          </form>
        </TabsContent>
      </Tabs>
      {fieldError && (
        <p role="alert" className="mt-2 text-sm text-danger">
          {fieldError}
        </p>
      )}
      <div ref={resultRef} className="scroll-mt-24">
        {outcome && (
          <div className="mt-5">
            <VerifyResult outcome={outcome} />
          </div>
        )}
      </div>
    </section>
  );
}

const TYPE_TONES: Record<number, string> = { 1: "bg-[#e8f3ff] text-primary", 3: "bg-[#fff3e8] text-[#d25f00]", 5: "bg-[#f5e8ff] text-[#722ed1]", 6: "bg-[#e8fffb] text-[#0fc6c2]" };

/** A programme's cover; without one (or when it fails to load) its name on the brand gradient. */
function ProgrammeCover({ src, name }: { src: string; name: string }) {
  const [failed, setFailed] = useState(false);
  const shown = src && !failed;
  return (
    <div className="relative aspect-video overflow-hidden bg-gradient-to-br from-primary to-[#48beff]">
      {shown ? (
        <img src={src} alt="" loading="lazy" className="absolute inset-0 h-full w-full object-cover" onError={() => setFailed(true)}
          // A picture that failed before the page came alive reports no error event.
          ref={(img) => {
            if (img?.complete && img.naturalWidth === 0) setFailed(true);
          }}
        />
      ) : (
        <span aria-hidden className="absolute inset-x-3 bottom-2 line-clamp-2 text-sm font-semibold text-white drop-shadow">
          {name}
        </span>
      )}
    </div>
  );
}

function Programmes({ programmes }: { programmes: LoaderData["programmes"] }) {
  return (
    <section className="rounded-xl bg-white p-6" aria-label="认证项目">
      <SectionHead title="认证项目" hint="完成以下课程或通过考试，即可获得平台签发的电子证书" />
      {programmes.list.length === 0 ? (
        <p className="py-10 text-center text-sm text-muted">暂无开放的认证项目，敬请期待</p>
      ) : (
        <div className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4">
          {programmes.list.map((p) => (
            <Link
              key={`${p.businessType}-${p.id}`}
              to={p.linkUrl}
              data-testid="programme-card"
              className="group block overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-border transition hover:-translate-y-0.5 hover:shadow-md"
            >
              <div className="relative">
                <ProgrammeCover src={p.coverUrl} name={p.name} />
                <span className={`absolute left-2 top-2 rounded px-1.5 py-0.5 text-[11px] font-medium ${TYPE_TONES[p.businessType] ?? "bg-white text-primary"}`}>{p.businessTypeName}认证</span>
              </div>
              <div className="p-3">
                <h3 className="line-clamp-2 h-10 text-sm font-medium text-[#1d2129] group-hover:text-primary">{p.name}</h3>
                <p className="mt-1.5 truncate text-xs text-[#9a6a00]" title={p.certName}>
                  可获得：{p.certName}
                </p>
                <p className="mt-1 truncate text-xs text-muted">{p.startTime && p.endTime ? `${formatDate(p.startTime)} 至 ${formatDate(p.endTime)}` : "随时可学"}</p>
              </div>
            </Link>
          ))}
        </div>
      )}
    </section>
  );
}

function MyCerts({ mine, loggedIn }: { mine: LoaderData["mine"]; loggedIn: boolean }) {
  return (
    <section className="rounded-xl bg-white p-6" aria-label="我的证书">
      <SectionHead
        title="我的证书"
        hint={loggedIn && mine ? `共 ${mine.total} 张` : undefined}
        extra={
          loggedIn && mine && mine.total > 0 ? (
            <Link to="/person/certificate" className="text-sm text-primary hover:underline">
              查看全部 &gt;
            </Link>
          ) : undefined
        }
      />
      {!loggedIn || !mine ? (
        <div className="flex items-center justify-between rounded-lg bg-surface px-6 py-6" data-testid="my-cert-login">
          <div>
            <p className="text-sm font-medium text-[#1d2129]">登录后查看您已获得的证书</p>
            <p className="mt-1 text-xs text-muted">证书可下载图片、PDF 和电子凭证，并一键分享给他人核验</p>
          </div>
          <Button onClick={() => openLoginDialog()} className="px-6">
            登录/注册
          </Button>
        </div>
      ) : mine.list.length === 0 ? (
        <div className="flex items-center justify-between rounded-lg bg-surface px-6 py-6">
          <div>
            <p className="text-sm font-medium text-[#1d2129]">您还没有获得证书</p>
            <p className="mt-1 text-xs text-muted">参加上方的认证项目，通过后证书会自动发放</p>
          </div>
          <Button asChild variant="outline">
            <Link to="/person/certificate">我的证书</Link>
          </Button>
        </div>
      ) : (
        <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {mine.list.map((c) => (
            <Link
              key={c.userCertId}
              to={`/certificate/view?id=${c.userCertId}`}
              data-testid="my-cert-card"
              className="group flex gap-3 rounded-lg p-2 ring-1 ring-border transition hover:shadow-md hover:ring-primary/40"
            >
              <img src={c.certImgUrl} alt="" loading="lazy" className="aspect-[1123/794] w-[104px] shrink-0 rounded object-cover ring-1 ring-border" />
              <div className="min-w-0 flex-1 py-0.5">
                <p className="line-clamp-2 text-sm font-medium leading-5 text-[#1d2129] group-hover:text-primary">{c.certName}</p>
                <p className="mt-1 flex items-center gap-1.5 text-xs text-muted">
                  <CertStatusBadge status={c.status} name={c.statusName} className="px-1.5 py-0 text-[11px]" />
                  {formatDate(c.issueTime)}
                </p>
              </div>
            </Link>
          ))}
        </div>
      )}
    </section>
  );
}
