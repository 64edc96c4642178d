import { useEffect, useState } from "react";
import { useSearchParams } from "@remix-run/react";
import { chinaDateKey } from "@base/china-time";
import type { SiteShell } from "~/components/layout/shell-types";

/** The stored preview flag (learner-front-end.md 4): set by ?ELEARNING_SITE_PREVIEW=1, cleared by =0. */
export const PREVIEW_PARAM = "ELEARNING_SITE_PREVIEW";
const flagKey = (pathName: string) => `cy_site_preview:${pathName || "main"}`;
const tourKey = (pathName: string) => `cy_site_tour:${pathName || "main"}`;

function readStore(key: string) {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}
function writeStore(key: string, value: string | null) {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Private mode without storage: the banner still shows for this page.
  }
}

/** The parts of the page the tour points at, each only if the page shows it. */
const TOUR_STEPS = [
  { element: "header a[aria-label$='首页']", title: "站点标识", description: "站点的Logo与名称，点击回到本站首页。" },
  { element: "nav[aria-label='主导航']", title: "站点页签", description: "页签由站点的页面配置决定，可指向本站页面或外部链接。" },
  { element: "header input[type='search'], header [role='search']", title: "搜索", description: "搜索框可在页面配置中开启或关闭，推荐词按站点单独维护。" },
  { element: "header button, header [aria-label='消息中心']", title: "登录与消息", description: "登录弹窗只展示本站配置的登录方式；消息通知可按站点关闭。" },
  { element: "footer", title: "页脚", description: "页脚标题、简介、服务热线与版权信息按站点配置展示。" },
];

/**
 * Preview mode: a banner while the flag is stored (or the site is not released yet and an admin looks at
 * it), and a guided tour of what the site config controls, at most once a day per site.
 */
export function SitePreview({ site }: { site: SiteShell }) {
  const [params] = useSearchParams();
  const [flag, setFlag] = useState(false);
  const asked = params.get(PREVIEW_PARAM);

  useEffect(() => {
    const key = flagKey(site.pathName);
    if (asked === "1" || asked === "true") writeStore(key, "1");
    if (asked === "0" || asked === "false") writeStore(key, null);
    setFlag(readStore(key) === "1");
  }, [asked, site.pathName]);

  const show = flag || site.unreleased;

  useEffect(() => {
    if (!show) return;
    const key = tourKey(site.pathName);
    const today = chinaDateKey();
    if (readStore(key) === today) return;
    let cancelled = false;
    let destroy: (() => void) | undefined;
    void Promise.all([import("driver.js"), import("driver.js/dist/driver.css")]).then(([{ driver }]) => {
      if (cancelled) return;
      const steps = TOUR_STEPS.flatMap((s) => {
        const element = document.querySelector(s.element);
        return element ? [{ element: element as Element, popover: { title: s.title, description: s.description } }] : [];
      });
      if (!steps.length) return;
      writeStore(key, today);
      const tour = driver({ showProgress: true, progressText: "{{current}} / {{total}}", nextBtnText: "下一步", prevBtnText: "上一步", doneBtnText: "完成", steps });
      destroy = () => tour.destroy();
      tour.drive();
    });
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [show, site.pathName]);

  if (!show) return null;
  return (
    <div role="status" className="sticky top-0 z-40 flex items-center justify-center gap-3 bg-[#fff7e8] px-4 py-2 text-sm text-[#d25f00]">
      <span className="font-medium">预览模式</span>
      <span>{site.unreleased ? "本站点尚未发布，仅管理员可以预览，学员访问将看到维护页面。" : `您正在预览「${site.name}」，页面按站点配置展示。`}</span>
      {flag && (
        <button
          type="button"
          className="text-primary underline-offset-2 hover:underline"
          onClick={() => {
            writeStore(flagKey(site.pathName), null);
            setFlag(false);
          }}
        >
          退出预览
        </button>
      )}
    </div>
  );
}
