import { Link } from "@remix-run/react";
import { cn } from "~/lib/utils";

const TABS = [
  { key: "orders", label: "订单列表", to: "/admin/orders" },
  { key: "invoices", label: "发票管理", to: "/admin/orders/invoices" },
] as const;

/** The order pages: the order list and the invoice queue, with how many invoices wait. */
export function OrderTabs({ current, waiting }: { current: (typeof TABS)[number]["key"]; waiting: number }) {
  return (
    <nav aria-label="订单管理" className="mb-4 flex gap-8 border-b border-border">
      {TABS.map((t) => (
        <Link
          key={t.key}
          to={t.to}
          aria-current={t.key === current ? "page" : undefined}
          className={cn("-mb-px flex items-center gap-1.5 border-b-2 pb-2 text-base", t.key === current ? "border-primary font-semibold text-primary" : "border-transparent text-[#4e5969] hover:text-primary")}
        >
          {t.label}
          {t.key === "invoices" && waiting > 0 && (
            <span className="rounded-full bg-[#fff7e8] px-1.5 text-xs font-normal text-[#ff7d00]" title={`${waiting} 张发票待开具`}>
              {waiting}
            </span>
          )}
        </Link>
      ))}
    </nav>
  );
}
