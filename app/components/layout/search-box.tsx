import { useLocation, useNavigate, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";
import { cleanKeyword, SEARCH_MAX_LENGTH, stripEmoji } from "@base/format";
import { trpc } from "~/lib/trpc";
import { SearchIcon } from "./icons";
import type { RootData } from "./shell-types";

/** The recommended keyword until the site's hot words (recommend/search/bar/data) have loaded. */
export const HOT_WORD = "政府采购法";

export function searchHref(keyword: string) {
  return `/search/detail?keyword=${encodeURIComponent(cleanKeyword(keyword) || HOT_WORD)}`;
}

/** The first hot word an operator set for this site path, with its id for the click count. */
function useHotWord(fallback: string) {
  const pathName = (useRouteLoaderData("root") as RootData | undefined)?.siteConfig?.pathName ?? "";
  const [word, setWord] = useState<{ id: number; name: string } | null>(null);
  useEffect(() => {
    let live = true;
    trpc.operate.searchBarData
      .query({ pathName: String(pathName) })
      .then((words) => live && setWord(words[0] ?? null))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [pathName]);
  return word ?? { id: 0, name: fallback };
}

export function SearchBox({ hotWord: fallback = HOT_WORD }: { hotWord?: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const hot = useHotWord(fallback);
  const hotWord = hot.name;
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
    // Searching with the recommended word counts as a click on it.
    if (!cleanKeyword(value) && hot.id) trpc.operate.searchBarClick.mutate({ id: hot.id }).catch(() => undefined);
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
