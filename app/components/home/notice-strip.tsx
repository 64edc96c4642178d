import { Link } from "@remix-run/react";
import type { HomeNotice } from "./types";

/** One line of notices under the carousel. */
export function NoticeStrip({ notices }: { notices: HomeNotice[] }) {
  if (!notices.length) return null;
  return (
    <section aria-label="公告" className="mt-4 flex items-center gap-4 rounded-lg bg-white px-5 py-3 text-sm">
      <span className="shrink-0 rounded bg-primary-50 px-2 py-0.5 font-medium text-primary">公告</span>
      <ul className="flex min-w-0 flex-1 gap-8 overflow-hidden">
        {notices.slice(0, 3).map((n) => (
          <li key={n.id} className="min-w-0 truncate">
            {n.linkUrl ? (
              <Link to={n.linkUrl} className="text-[#4e5969] hover:text-primary">
                {n.title}
              </Link>
            ) : (
              <Link to={`/notice/detail?id=${n.id}`} className="text-[#4e5969] hover:text-primary">
                {n.title}
              </Link>
            )}
          </li>
        ))}
      </ul>
      <Link to="/notice/list" className="shrink-0 text-muted hover:text-primary">
        更多
      </Link>
    </section>
  );
}
