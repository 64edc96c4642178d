import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { CertStatusBadge } from "~/components/cert/cert-status";
import { QueryPager } from "~/components/course/pager";
import { pageTitle } from "~/components/layout/page-title";
import { PersonPage } from "~/components/person/person-page";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/card";
import { serverCaller } from "~/lib/caller.server";
import { cn } from "~/lib/utils";
import { formatDate } from "@base/format";

export const meta: MetaFunction = () => [{ title: pageTitle("我的证书", "个人中心") }];

const PAGE_SIZE = 9;

export async function loader({ request }: LoaderFunctionArgs) {
  const q = new URL(request.url).searchParams;
  const tab = q.get("tab") === "third" ? ("third" as const) : ("mine" as const);
  const pageNo = Math.max(1, Number(q.get("pageNo")) || 1);
  const { caller, ctx } = await serverCaller(request);
  const empty = { pageNo: 1, pageSize: PAGE_SIZE, total: 0, list: [] };
  if (!ctx.user) return { tab, mine: empty, third: empty };
  // The other tab is asked for one row only: its total labels the tab.
  const [mine, third] = await Promise.all([
    caller.cert.list({ pageNo: tab === "mine" ? pageNo : 1, pageSize: tab === "mine" ? PAGE_SIZE : 1 }),
    caller.cert.thirdList({ pageNo: tab === "third" ? pageNo : 1, pageSize: tab === "third" ? PAGE_SIZE : 1 }),
  ]);
  return { tab, mine, third };
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type MineCert = Data["mine"]["list"][number];
type ThirdCert = Data["third"]["list"][number];

export default function PersonCertificate() {
  const { tab, mine, third } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  const tabs = [
    { value: "mine", label: "平台证书", total: mine.total, to: pathname },
    { value: "third", label: "外部证书", total: third.total, to: `${pathname}?tab=third` },
  ];
  const page = tab === "mine" ? mine : third;
  return (
    <PersonPage
      title="我的证书"
      extra={
        <Button asChild variant="outline" size="sm">
          <Link to="/verify/center">证书验证</Link>
        </Button>
      }
    >
      <div className="mb-5 flex gap-6 border-b border-border text-sm" role="tablist">
        {tabs.map((t) => {
          const on = t.value === tab;
          return (
            <Link
              key={t.value}
              to={t.to}
              role="tab"
              aria-selected={on}
              className={cn("-mb-px border-b-2 pb-2", on ? "border-primary font-medium text-primary" : "border-transparent text-[#4e5969] hover:text-primary")}
            >
              {t.label}
              {t.total > 0 && <span className="ml-1 text-xs">({t.total})</span>}
            </Link>
          );
        })}
      </div>
      {page.list.length === 0 ? (
        tab === "mine" ? (
          <EmptyState
            title="暂无证书"
            hint="完成认证课程或通过认证考试后，证书会发放到这里，可随时查看和下载"
            action={
              <Button asChild variant="outline">
                <Link to="/verify/center">去认证中心</Link>
              </Button>
            }
          />
        ) : (
          <EmptyState title="暂无外部证书" hint="您在其他平台取得的证书，由管理员导入后会显示在这里" />
        )
      ) : (
        <>
          <div className="grid grid-cols-2 gap-5 lg:grid-cols-3">
            {tab === "mine" ? mine.list.map((c) => <CertCard key={c.userCertId} cert={c} />) : third.list.map((c) => <ThirdCard key={c.id} cert={c} />)}
          </div>
          <QueryPager pageNo={page.pageNo} pageSize={page.pageSize} total={page.total} />
        </>
      )}
    </PersonPage>
  );
}

function CertCover({ src, name, dim }: { src: string; name: string; dim?: boolean }) {
  return (
    <div className="relative aspect-[1123/794] overflow-hidden border-b border-border bg-gradient-to-br from-[#fffaf0] to-[#fbeed5]">
      {src ? (
        <img src={src} alt={name} loading="lazy" className={cn("absolute inset-0 h-full w-full object-cover transition duration-300 group-hover:scale-[1.03]", dim && "grayscale-[60%]")} />
      ) : (
        <span className="absolute inset-0 flex items-center justify-center px-6 text-center text-base font-semibold text-[#9a6a00]">{name}</span>
      )}
    </div>
  );
}

function CertCard({ cert }: { cert: MineCert }) {
  return (
    <Link
      to={`/certificate/view?id=${cert.userCertId}`}
      data-testid="cert-card"
      className="group block overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-border transition hover:-translate-y-0.5 hover:shadow-md"
    >
      <div className="relative">
        <CertCover src={cert.certImgUrl} name={cert.certName} dim={cert.status !== 1} />
        <CertStatusBadge status={cert.status} name={cert.statusName} className="absolute right-2 top-2 shadow-sm" />
      </div>
      <div className="space-y-1.5 p-3">
        <h3 className="line-clamp-1 text-sm font-medium text-[#1d2129] group-hover:text-primary" title={cert.certName}>
          {cert.certName}
        </h3>
        <p className="line-clamp-1 text-xs text-[#4e5969]" title={cert.contentName}>
          {cert.businessTypeName && <span className="mr-1 rounded bg-primary-50 px-1 py-px text-[11px] text-primary">{cert.businessTypeName}</span>}
          {cert.contentName}
        </p>
        <p className="flex justify-between gap-2 text-xs text-muted">
          <span className="truncate">编号 {cert.certNo}</span>
          <span className="shrink-0">{formatDate(cert.issueTime)} 发证</span>
        </p>
        {cert.status === 3 ? (
          <p className="line-clamp-2 text-xs text-danger">撤销原因：{cert.revokeReason || "未说明"}</p>
        ) : (
          <p className="text-xs text-muted">{cert.expireTime ? `有效期至 ${formatDate(cert.expireTime)}` : "长期有效"}</p>
        )}
      </div>
    </Link>
  );
}

function ThirdCard({ cert }: { cert: ThirdCert }) {
  const body = (
    <>
      <div className="relative">
        <CertCover src={cert.certImgUrl} name={cert.certName} />
        {cert.isNew === 1 && <span className="absolute left-2 top-2 rounded bg-danger px-1.5 py-0.5 text-[11px] text-white">新</span>}
      </div>
      <div className="space-y-1.5 p-3">
        <h3 className="line-clamp-1 text-sm font-medium text-[#1d2129]" title={cert.certName}>
          {cert.certName}
        </h3>
        <p className="line-clamp-1 text-xs text-[#4e5969]">颁发平台：{cert.platformName || "--"}</p>
        <p className="flex justify-between gap-2 text-xs text-muted">
          <span className="truncate">编号 {cert.certNo || "--"}</span>
          <span className="shrink-0">{formatDate(cert.issueTime)} 发证</span>
        </p>
        <p className="text-xs text-muted">{cert.expireTime ? `有效期至 ${formatDate(cert.expireTime)}` : "长期有效"}</p>
      </div>
    </>
  );
  const cls = "group block overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-border";
  return cert.certImgUrl ? (
    <a href={cert.certImgUrl} target="_blank" rel="noreferrer" className={cn(cls, "transition hover:shadow-md")} data-testid="third-cert-card">
      {body}
    </a>
  ) : (
    <div className={cls} data-testid="third-cert-card">
      {body}
    </div>
  );
}
