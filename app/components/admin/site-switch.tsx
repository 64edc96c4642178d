import { Link } from "@remix-run/react";

export interface SiteOption {
  id: number;
  name: string;
  pathName: string;
}

/**
 * The site an operations page edits: the main site (pathName "") or one extra site, each with its own
 * banners and recommendation blocks. Shown only when extra sites exist; `hrefFor` keeps the page's other
 * query parameters.
 */
export function SiteSwitch({ sites, current, hrefFor, className = "" }: { sites: SiteOption[]; current: SiteOption | null; hrefFor: (siteId: number | null) => string; className?: string }) {
  if (sites.length < 2) return null;
  return (
    <nav aria-label="站点" className={`flex flex-wrap items-center gap-1 text-sm ${className}`}>
      {sites.map((x) => {
        const on = x.pathName === "" ? !current : current?.id === x.id;
        return (
          <Link key={x.id} to={hrefFor(x.pathName === "" ? null : x.id)} aria-current={on ? "page" : undefined} className={`rounded-md px-3 py-1.5 ${on ? "bg-primary-50 text-primary" : "text-[#4e5969] hover:text-primary"}`}>
            {x.pathName === "" ? "主站" : x.name}
          </Link>
        );
      })}
    </nav>
  );
}

/** The extra site a page's `site` parameter names, or null for the main site. */
export function chosenSite<T extends SiteOption>(sites: T[], param: string | null): T | null {
  return sites.find((x) => String(x.id) === param && x.pathName !== "") ?? null;
}
