import { useLocation, useNavigate } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { cleanKeyword, SEARCH_MAX_LENGTH, stripEmoji } from "~/lib/format";
import { SearchIcon } from "./icons";

/** Until the hot-search-word call lands, this is the recommended keyword for every path. */
export const HOT_WORD = "政府采购法";

export function searchHref(keyword: string) {
  return `/search/detail?keyword=${encodeURIComponent(cleanKeyword(keyword) || HOT_WORD)}`;
}

export function SearchBox({ hotWord = HOT_WORD }: { hotWord?: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const current = location.pathname === "/search/detail" ? new URLSearchParams(location.search).get("keyword") ?? "" : "";
  const [value, setValue] = useState(current);
  const [lastCurrent, setLastCurrent] = useState(current);
  // Follow the address when a search result page is opened from elsewhere.
  if (current !== lastCurrent) {
    setLastCurrent(current);
    setValue(current);
  }

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    navigate(searchHref(value || hotWord));
  }

  return (
    <form role="search" action="/search/detail" onSubmit={submit} className="flex h-9 w-[200px] items-center rounded-full border border-border bg-surface pl-4 focus-within:border-primary focus-within:bg-white">
      <input
        name="keyword"
        aria-label="搜索课程、直播"
        value={value}
        maxLength={SEARCH_MAX_LENGTH}
        placeholder={hotWord}
        onChange={(e) => setValue(stripEmoji(e.target.value))}
        className="h-full min-w-0 flex-1 bg-transparent text-sm outline-none placeholder:text-muted"
      />
      <button type="submit" aria-label="搜索" className="flex h-full w-10 cursor-pointer items-center justify-center text-lg text-muted hover:text-primary">
        <SearchIcon />
      </button>
    </form>
  );
}
