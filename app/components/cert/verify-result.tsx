import { cn } from "~/lib/utils";
import { formatDate, formatDateCn, formatDateTime } from "@base/format";
import { CertFact } from "./cert-status";

/** What the verification centre shows anyone of a certificate (masked name and ID). */
export interface PublicCert {
  certNo: string;
  certName: string;
  contentName: string;
  realName: string;
  idNo: string;
  issuerName: string;
  issueTime: number;
  expireTime: number | null;
  status: number;
  statusName: string;
  revokeTime: number | null;
  certImgUrl: string;
  credentialId: string;
}

/** One answer of the verification centre. */
export type VerifyOutcome =
  | { kind: "cert"; cert: PublicCert; signatureValid: boolean; signatureMessage?: string; via: "search" | "link" | "credential" }
  | { kind: "credential-failed"; signatureValid: boolean; message: string; detail: string }
  | { kind: "error"; message: string };

const HEADS: Record<number, { title: string; tone: string; mark: string }> = {
  1: { title: "证书有效", tone: "bg-[#e8ffea] text-[#00b42a] border-[#aff0b5]", mark: "✓" },
  2: { title: "证书已过期", tone: "bg-[#fff7e8] text-[#d25f00] border-[#ffcf8b]", mark: "!" },
  3: { title: "证书已撤销", tone: "bg-[#ffece8] text-[#f53f3f] border-[#fdcdc5]", mark: "×" },
};

const VIA: Record<string, string> = { search: "按证书编号和姓名查询", link: "通过证书二维码 / 分享链接查询", credential: "通过电子凭证验证" };

function Mark({ children, className }: { children: string; className?: string }) {
  return (
    <span aria-hidden className={cn("flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-lg font-bold text-white", className)}>
      {children}
    </span>
  );
}

/** The result card: status, the signature check, the masked holder, the certificate's facts and image. */
export function VerifyResult({ outcome }: { outcome: VerifyOutcome }) {
  if (outcome.kind === "error") {
    return (
      <div role="alert" data-testid="verify-error" className="flex items-center gap-3 rounded-lg border border-[#fdcdc5] bg-[#fff7f5] px-5 py-4 text-sm text-[#1d2129]">
        <Mark className="bg-danger">!</Mark>
        <div>
          <p className="font-medium text-danger">{outcome.message}</p>
          <p className="mt-0.5 text-xs text-muted">证书编号不区分大小写，姓名须与证书上的姓名完全一致</p>
        </div>
      </div>
    );
  }
  if (outcome.kind === "credential-failed") {
    return (
      <div role="alert" data-testid="verify-result" className="rounded-lg border border-[#fdcdc5] bg-white">
        <div className="flex items-center gap-3 rounded-t-lg bg-[#ffece8] px-5 py-4">
          <Mark className="bg-danger">×</Mark>
          <div>
            <p className="text-base font-semibold text-danger">凭证验证未通过</p>
            <p className="mt-0.5 text-sm text-[#4e5969]" data-testid="verify-signature">
              {outcome.message}
            </p>
          </div>
        </div>
        <p className="px-5 py-4 text-sm leading-6 text-[#4e5969]">{outcome.detail}</p>
      </div>
    );
  }

  const { cert, signatureValid, signatureMessage, via } = outcome;
  const head = HEADS[cert.status] ?? { title: cert.statusName, tone: "bg-surface text-muted border-border", mark: "?" };
  return (
    <div data-testid="verify-result" className="overflow-hidden rounded-lg border border-border bg-white">
      <div className={cn("flex items-center gap-3 border-b px-5 py-4", head.tone)}>
        <Mark className={cert.status === 1 ? "bg-[#00b42a]" : cert.status === 2 ? "bg-[#ff7d00]" : "bg-danger"}>{head.mark}</Mark>
        <div className="min-w-0 flex-1">
          <p className="text-base font-semibold" data-testid="verify-status">
            {head.title}
          </p>
          <p className="mt-0.5 text-xs text-[#4e5969]">
            {cert.status === 3 && cert.revokeTime
              ? `该证书已于 ${formatDateTime(cert.revokeTime)} 被发证机构撤销，不再具有效力`
              : cert.status === 2
                ? `该证书已于 ${formatDate(cert.expireTime)} 到期`
                : "该证书由本平台签发，信息真实有效"}
          </p>
        </div>
        <span className="hidden text-xs text-[#86909c] sm:block">{VIA[via]}</span>
      </div>
      <div className="flex gap-6 p-5">
        <div className="min-w-0 flex-1">
          <p
            data-testid="verify-signature"
            className={cn("mb-2 flex items-center gap-2 rounded-md px-3 py-2 text-sm", signatureValid ? "bg-[#f0fbf2] text-[#00a02a]" : "bg-[#fff2f0] text-danger")}
          >
            <span aria-hidden className="font-bold">
              {signatureValid ? "✓" : "×"}
            </span>
            {signatureValid ? `数字签名校验通过${signatureMessage && signatureMessage !== "签名有效" ? `：${signatureMessage}` : "，证书内容自签发后未被改动"}` : signatureMessage || "数字签名校验未通过，证书内容可能被改动过"}
          </p>
          <dl className="divide-y divide-border">
            <CertFact label="持证人" testId="verify-name">
              {cert.realName}
            </CertFact>
            <CertFact label="身份证号" testId="verify-idno">
              {cert.idNo || <span className="text-muted">未登记</span>}
            </CertFact>
            <CertFact label="证书名称" testId="verify-cert-name">
              {cert.certName}
            </CertFact>
            <CertFact label="认证内容">{cert.contentName}</CertFact>
            <CertFact label="证书编号" testId="verify-cert-no">
              <span className="font-mono">{cert.certNo}</span>
            </CertFact>
            <CertFact label="发证机构">{cert.issuerName || "财云学院"}</CertFact>
            <CertFact label="发证日期">{formatDateCn(cert.issueTime)}</CertFact>
            <CertFact label="有效期至">{cert.expireTime ? formatDate(cert.expireTime) : "长期有效"}</CertFact>
          </dl>
        </div>
        <a href={cert.certImgUrl} target="_blank" rel="noreferrer" className="group block w-[360px] shrink-0 self-start" title="查看大图">
          <img src={cert.certImgUrl} alt={cert.certName} data-testid="verify-image" className="block w-full rounded-md ring-1 ring-border transition group-hover:shadow-md" />
          <span className="mt-1.5 block text-center text-xs text-muted group-hover:text-primary">点击查看大图</span>
        </a>
      </div>
    </div>
  );
}
