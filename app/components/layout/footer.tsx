import { Link } from "@remix-run/react";
import type { Shell } from "./shell-types";

function FooterLink({ href, children }: { href: string; children: string }) {
  const inside = href.startsWith("/");
  return inside ? (
    <Link to={href} className="hover:text-white">
      {children}
    </Link>
  ) : (
    <a href={href} className="hover:text-white" {...(href.startsWith("http") ? { target: "_blank", rel: "noreferrer" } : {})}>
      {children}
    </a>
  );
}

export function Footer({ shell }: { shell: Shell }) {
  const site = shell.site.footer;
  return (
    <footer className="mt-auto bg-[#1f2633] text-sm text-white/60">
      <div className="mx-auto flex max-w-[1200px] items-start justify-between gap-8 px-4 py-10">
        <div className="max-w-[420px]">
          <p className="text-lg font-semibold text-white">{site?.title ?? (shell.isMainSite ? "财云学院" : shell.site.name)}</p>
          <p className="mt-2 whitespace-pre-line leading-6">{shell.isMainSite ? "政府采购从业人员的在线学习与考试平台" : site?.content}</p>
        </div>
        <nav aria-label="页脚导航" className="flex gap-8">
          <FooterLink href={shell.aboutUrl}>关于我们</FooterLink>
          <FooterLink href={shell.helpUrl}>帮助中心</FooterLink>
          <FooterLink href={shell.contactUrl}>联系我们</FooterLink>
        </nav>
        <div className="text-right">
          <p>服务热线</p>
          <p className="mt-1 text-xl font-semibold tracking-wide text-white">{shell.hotline}</p>
          <p className="mt-1 text-xs">工作日 9:00-18:00</p>
        </div>
      </div>
      <div className="border-t border-white/10 py-4 text-center text-xs">{site?.copyright ?? `© ${new Date().getFullYear()} ${shell.isMainSite ? "财云学院" : shell.site.name} 版权所有`}</div>
    </footer>
  );
}
