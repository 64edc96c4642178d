import { useEffect, useState } from "react";
import { adminToast } from "~/components/admin/toast";
import { errorMessage, trpc } from "~/lib/trpc";

/** Contents a certificate is earned for, as the back office offers them. */
export const CONTENT_TYPES = [
  { value: 3, label: "考试" },
  { value: 1, label: "课程" },
  { value: 5, label: "考试系列" },
] as const;
export type ContentType = 1 | 3 | 5;
export const contentTypeName = (t: number) => CONTENT_TYPES.find((c) => c.value === t)?.label ?? "学习地图";

export interface ContentOption {
  id: number;
  name: string;
}

/** The first 100 contents of a type whose name holds the keyword. */
export async function searchContents(type: ContentType, keyword: string): Promise<ContentOption[]> {
  const kw = keyword.trim() || undefined;
  if (type === 3) return (await trpc.exam.admin.exam.page.query({ keyword: kw, pageNo: 1, pageSize: 100 })).list.map((e) => ({ id: e.id, name: e.name }));
  if (type === 1) return (await trpc.course.admin.page.query({ keyword: kw, pageNo: 1, pageSize: 100 })).list.map((c) => ({ id: c.id, name: c.name }));
  return (await trpc.exam.admin.series.search.query({ keyword: kw, pageNo: 1, pageSize: 100 })).list.map((s) => ({ id: s.id, name: s.name }));
}

const field = "h-9 rounded-md border border-border bg-white px-2 text-sm focus:border-primary focus:outline-none";

/** A content type, a name search and the matching contents in a select. */
export function ContentPicker({
  type,
  contentId,
  onChange,
  idPrefix = "cert-content",
}: {
  type: ContentType;
  contentId: number | "";
  onChange: (type: ContentType, contentId: number | "", name: string) => void;
  idPrefix?: string;
}) {
  const [keyword, setKeyword] = useState("");
  const [query, setQuery] = useState("");
  const [options, setOptions] = useState<ContentOption[] | null>(null);

  useEffect(() => {
    let live = true;
    setOptions(null);
    searchContents(type, query).then(
      (list) => live && setOptions(list),
      (e) => {
        if (!live) return;
        setOptions([]);
        adminToast.error(errorMessage(e));
      },
    );
    return () => {
      live = false;
    };
  }, [type, query]);

  return (
    <div className="flex flex-wrap items-center gap-2">
      <select
        id={`${idPrefix}-type`}
        aria-label="内容类型"
        className={field}
        value={type}
        onChange={(e) => {
          setKeyword("");
          setQuery("");
          onChange(Number(e.target.value) as ContentType, "", "");
        }}
      >
        {CONTENT_TYPES.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
      <input
        className={`${field} w-40`}
        placeholder={`搜索${contentTypeName(type)}名称`}
        aria-label={`搜索${contentTypeName(type)}`}
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            setQuery(keyword);
          }
        }}
        onBlur={() => keyword !== query && setQuery(keyword)}
      />
      <select
        id={`${idPrefix}-id`}
        aria-label={`选择${contentTypeName(type)}`}
        className={`${field} min-w-[220px] max-w-[340px]`}
        value={contentId}
        disabled={!options}
        onChange={(e) => {
          const id = e.target.value ? Number(e.target.value) : "";
          onChange(type, id, options?.find((o) => o.id === id)?.name ?? "");
        }}
      >
        <option value="">{options ? (options.length ? `请选择${contentTypeName(type)}` : `没有找到${contentTypeName(type)}`) : "加载中…"}</option>
        {options?.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </div>
  );
}
