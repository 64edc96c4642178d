import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { cn } from "~/lib/utils";
import type { HomeBanner } from "./types";

const ADVANCE_MS = 5000;

function BannerLink({ banner, children }: { banner: HomeBanner; children: React.ReactNode }) {
  if (!banner.linkUrl) return <div className="block h-full">{children}</div>;
  if (/^https?:\/\//.test(banner.linkUrl))
    return (
      <a href={banner.linkUrl} target="_blank" rel="noreferrer" className="block h-full">
        {children}
      </a>
    );
  return (
    <Link to={banner.linkUrl} className="block h-full">
      {children}
    </Link>
  );
}

/**
 * True while the system asks for less motion (prefers-reduced-motion), following its changes; null until the
 * page has read it (the server cannot know, and the first render in the browser must match the server's).
 */
function usePrefersReducedMotion() {
  const [reduce, setReduce] = useState<boolean | null>(null);
  useEffect(() => {
    const query = window.matchMedia?.("(prefers-reduced-motion: reduce)");
    if (!query) return;
    setReduce(query.matches);
    const changed = () => setReduce(query.matches);
    query.addEventListener("change", changed);
    return () => query.removeEventListener("change", changed);
  }, []);
  return reduce;
}

/**
 * The home carousel: advances every 5 s, pauses under the mouse, with arrows and dots. A system set to
 * reduce motion gets no advancing and no sliding: the arrows and dots still switch the picture (WCAG 2.2.2).
 */
export function BannerCarousel({ banners }: { banners: HomeBanner[] }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const reduceMotion = usePrefersReducedMotion();
  const count = banners.length;

  useEffect(() => {
    // Only once the preference is known to allow it: a timer started before would move the picture for a
    // learner who reduced motion, if the clock ran on before the page heard of the preference.
    if (count < 2 || paused || reduceMotion !== false) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), ADVANCE_MS);
    return () => window.clearInterval(timer);
  }, [count, paused, reduceMotion]);

  if (!count) return null;
  const go = (i: number) => setIndex((i + count) % count);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="轮播图"
      className="group relative h-[360px] overflow-hidden rounded-lg bg-[#0a5ad8]"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
    >
      <ul className="flex h-full transition-transform duration-500 ease-out motion-reduce:transition-none" style={{ transform: `translateX(-${index * 100}%)` }}>
        {banners.map((b, i) => (
          <li key={b.id} className="h-full w-full shrink-0" aria-hidden={i !== index} data-testid="home-banner">
            <BannerLink banner={b}>
              <img src={b.picUrl} alt={b.title} className="h-full w-full object-cover" draggable={false} />
            </BannerLink>
          </li>
        ))}
      </ul>
      {count > 1 && (
        <>
          <button
            type="button"
            aria-label="上一张"
            onClick={() => go(index - 1)}
            className="absolute left-4 top-1/2 flex h-10 w-10 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full bg-black/30 text-xl text-white opacity-0 transition group-hover:opacity-100 hover:bg-black/50"
          >
            ‹
          </button>
          <button
            type="button"
            aria-label="下一张"
            onClick={() => go(index + 1)}
            className="absolute right-4 top-1/2 flex h-10 w-10 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full bg-black/30 text-xl text-white opacity-0 transition group-hover:opacity-100 hover:bg-black/50"
          >
            ›
          </button>
          <div className="absolute bottom-4 left-1/2 flex -translate-x-1/2 gap-2">
            {banners.map((b, i) => (
              <button
                key={b.id}
                type="button"
                aria-label={`第${i + 1}张：${b.title}`}
                aria-current={i === index}
                onClick={() => go(i)}
                className={cn("h-1.5 cursor-pointer rounded-full transition-all", i === index ? "w-6 bg-white" : "w-3 bg-white/50 hover:bg-white/80")}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
