import { useState } from "react";
import { useSearchOptions } from "~/components/admin/use-search-options";
import { trpc } from "~/lib/trpc";
import { cn } from "~/lib/utils";
import { formatMoney } from "@base/format";

// The picker of a course, live or learning map in the back office (redemption batches, group buys,
// revenue; a site's chosen content also picks exams): a type, a name search, and the matching content to choose from.

export const GOODS_TYPE_LABELS: Record<number, string> = { 1: "课程", 2: "直播", 4: "学习地图" };

export interface GoodsOption {
  id: number;
  name: string;
  /** Cents; 0 for free content. */
  price: number;
  note: string;
}

const priceNote = (isFree: number, price: number) => (isFree || !price ? "免费" : `¥${formatMoney(price)}`);

/** Content of a type whose name matches: `shown` keeps what learners can open now (released, online, put up); `sold` keeps priced content. */
export async function searchGoods(goodsType: number, keyword: string, opts: { shown?: boolean; sold?: boolean } = {}): Promise<GoodsOption[]> {
  const kw = keyword.trim() || undefined;
  let list: GoodsOption[];
  if (goodsType === 1) {
    const page = await trpc.course.admin.page.query({ keyword: kw, status: opts.shown ? 1 : undefined, pageNo: 1, pageSize: 50 });
    list = page.list.map((c) => ({ id: c.id, name: c.name, price: c.isFree ? 0 : c.price, note: priceNote(c.isFree, c.price) }));
  } else if (goodsType === 2) {
    const page = await trpc.live.admin.page.query({ keyword: kw, pageNo: 1, pageSize: 50 } as never);
    list = page.list
      .filter((l) => !opts.shown || l.status === 1)
      .map((l) => ({ id: l.id, name: l.name, price: l.realPrice, note: `${priceNote(l.isFree, l.realPrice)}，${["未开始", "直播中", "已结束"][l.liveStatus] ?? ""}` }));
  } else if (goodsType === 3) {
    // Exams are not sold: listed for pickers of content, never as priced goods.
    const page = await trpc.exam.admin.exam.page.query({ keyword: kw, status: opts.shown ? 1 : undefined, pageNo: 1, pageSize: 50 });
    list = page.list.map((e) => ({ id: e.id, name: e.name, price: 0, note: `${e.status === 1 ? "已启用" : "未启用"}，${["未开始", "进行中", "已结束"][e.examStatus] ?? ""}` }));
  } else {
    const page = await trpc.path.admin.page.query({ name: kw, status: opts.shown ? 1 : undefined, pageNo: 1, pageSize: 50 });
    list = page.list.map((p) => ({ id: p.id, name: p.name, price: p.isFree ? 0 : p.price, note: `${priceNote(p.isFree, p.price)}，${p.nodeNum}个节点` }));
  }
  return opts.sold ? list.filter((o) => o.price > 0) : list;
}

/**
 * Type select (when more than one type is offered), name search and the result select. The search box
 * starts with `initialKeyword`; `current` keeps an already chosen item listed while it is not among the
 * results.
 */
export function GoodsPicker({
  types,
  goodsType,
  goodsId,
  onChange,
  shown,
  sold,
  disabled,
  fieldClass,
  initialKeyword = "",
  current,
}: {
  types: readonly { value: number; label: string }[];
  goodsType: number;
  goodsId: number | null;
  /** The chosen option comes along, for pickers that list what was chosen by name. */
  onChange: (goodsType: number, goodsId: number | null, option?: GoodsOption) => void;
  shown?: boolean;
  sold?: boolean;
  disabled?: boolean;
  fieldClass: string;
  initialKeyword?: string;
  current?: { id: number; name: string } | null;
}) {
  const [keyword, setKeyword] = useState(initialKeyword);
  const options = useSearchOptions<GoodsOption>(() => searchGoods(goodsType, keyword, { shown, sold }), [goodsType, keyword, shown, sold]);
  const typeName = types.find((t) => t.value === goodsType)?.label ?? "内容";
  const what = `${shown ? (goodsType === 4 ? "上线的" : goodsType === 3 ? "启用的" : goodsType === 2 ? "上架的" : "已发布的") : ""}${sold ? "付费" : ""}${typeName}`;
  return (
    <>
      <div className="flex gap-2">
        {types.length > 1 && (
          <select
            className={cn(fieldClass, "w-32 shrink-0")}
            value={goodsType}
            disabled={disabled}
            aria-label="内容类型"
            onChange={(e) => {
              setKeyword("");
              onChange(Number(e.target.value), null);
            }}
          >
            {types.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        )}
        <input className={cn(fieldClass, "min-w-0 flex-1")} value={keyword} disabled={disabled} onChange={(e) => setKeyword(e.target.value)} placeholder={`按名称搜索${what}`} aria-label={`搜索${typeName}`} />
      </div>
      <select className={fieldClass} value={goodsId ?? ""} disabled={disabled} aria-label={`选择${typeName}`} onChange={(e) => onChange(goodsType, Number(e.target.value) || null, options?.find((o) => o.id === Number(e.target.value)))}>
        <option value="">{options === null ? "加载中…" : options.length ? `请选择${typeName}` : `没有匹配的${what}`}</option>
        {current && !options?.some((o) => o.id === current.id) && <option value={current.id}>{current.name}</option>}
        {options?.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}（{o.note}）
          </option>
        ))}
      </select>
    </>
  );
}
