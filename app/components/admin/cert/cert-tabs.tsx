import { Link } from "@remix-run/react";
import { cn } from "~/lib/utils";

const TABS = [
  { key: "templates", label: "证书模板", to: "/admin/certs" },
  { key: "issued", label: "发放记录", to: "/admin/certs/issued" },
  { key: "third", label: "外部证书", to: "/admin/certs/issued?tab=third" },
] as const;

/** The certificate pages: templates, issued certificates, certificates earned elsewhere. */
export function CertTabs({ current }: { current: (typeof TABS)[number]["key"] }) {
  return (
    <nav aria-label="证书管理" className="mb-4 flex gap-8 border-b border-border">
      {TABS.map((t) => (
        <Link
          key={t.key}
          to={t.to}
          aria-current={t.key === current ? "page" : undefined}
          className={cn("-mb-px border-b-2 pb-2 text-base", t.key === current ? "border-primary font-semibold text-primary" : "border-transparent text-[#4e5969] hover:text-primary")}
        >
          {t.label}
        </Link>
      ))}
    </nav>
  );
}
