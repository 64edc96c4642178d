import { Link } from "@remix-run/react";
import { useState } from "react";
import { cn } from "~/lib/utils";
import { RecommendItemCard } from "./recommend-item";
import type { HomeBlock } from "./types";

/** A block with a cover picture gives one column to it, so its rows hold 4 instead of 5. */
export const ROW_ITEMS = { plain: 5, withCover: 4 };

function ItemGrid({ block, items }: { block: HomeBlock; items: HomeBlock["dataList"] }) {
  const cover = !!block.picUrl;
  const coverLink = block.isOpenJump && block.jumpUrl ? block.jumpUrl : null;
  const perRow = cover ? ROW_ITEMS.withCover : ROW_ITEMS.plain;
  if (!items.length) return <p className="rounded-lg bg-white py-12 text-center text-sm text-muted">该栏目暂无内容</p>;
  return (
    <div className={cn("flex gap-4", cover ? "items-stretch" : "")}>
      {cover && (
        <div className="relative w-[224px] shrink-0 overflow-hidden rounded-lg">
          {coverLink ? (
            <Link to={coverLink} aria-label={block.name}>
              <img src={block.picUrl} alt={block.name} className="absolute inset-0 h-full w-full object-cover object-top" />
            </Link>
          ) : (
            <img src={block.picUrl} alt={block.name} className="absolute inset-0 h-full w-full object-cover object-top" />
          )}
        </div>
      )}
      <div className="grid min-w-0 flex-1 gap-4" style={{ gridTemplateColumns: `repeat(${perRow}, minmax(0, 1fr))` }} data-per-row={perRow}>
        {items.slice(0, perRow * 2).map((item) => (
          <RecommendItemCard key={item.id} item={item} />
        ))}
      </div>
    </div>
  );
}

/** One category of the home recommendation tree, with its sub-tabs. */
function Category({ block }: { block: HomeBlock }) {
  const tabs = block.children;
  const [active, setActive] = useState(tabs[0]?.id);
  const current = tabs.find((t) => t.id === active);
  const items = current ? current.dataList : block.dataList;
  const more = current?.isOpenJump && current.jumpUrl ? current.jumpUrl : block.isOpenJump && block.jumpUrl ? block.jumpUrl : null;
  return (
    <section className="mt-8" aria-labelledby={`recommend-${block.id}`}>
      <div className="mb-4 flex items-end gap-8">
        <h2 id={`recommend-${block.id}`} className="text-xl font-semibold text-[#1d2129]">
          {block.name}
        </h2>
        {tabs.length > 0 && (
          <div role="tablist" className="flex gap-6">
            {tabs.map((t) => (
              <button
                key={t.id}
                type="button"
                role="tab"
                aria-selected={t.id === active}
                onClick={() => setActive(t.id)}
                className={cn("cursor-pointer pb-0.5 text-[15px] transition", t.id === active ? "border-b-2 border-primary font-medium text-primary" : "text-[#4e5969] hover:text-primary")}
              >
                {t.name}
              </button>
            ))}
          </div>
        )}
        {more && (
          <Link to={more} className="ml-auto text-sm text-muted hover:text-primary">
            查看更多 ›
          </Link>
        )}
      </div>
      <ItemGrid block={{ ...block, picUrl: current?.picUrl || block.picUrl }} items={items} />
    </section>
  );
}

export function RecommendSection({ tree }: { tree: HomeBlock[] }) {
  return (
    <>
      {tree.map((block) => (
        <Category key={block.id} block={block} />
      ))}
    </>
  );
}
