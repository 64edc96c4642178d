import { useState } from "react";
import { Button } from "~/components/ui/button";
import { errorMessage } from "~/lib/trpc";

export interface PickedContent {
  id: number;
  name: string;
}

/**
 * Picks courses or lives by name: the chosen ones show as tags that can be removed, a search finds more.
 * The form receives the ids, comma-separated, under `name`.
 */
export function ContentPicker({
  name,
  noun,
  initial,
  search,
}: {
  name: string;
  /** 课程 or 直播: used in labels and messages. */
  noun: string;
  initial: PickedContent[];
  search: (keyword: string) => Promise<PickedContent[]>;
}) {
  const [chosen, setChosen] = useState(initial);
  const [keyword, setKeyword] = useState("");
  const [found, setFound] = useState<PickedContent[] | null>(null);
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);

  async function find() {
    const k = keyword.trim();
    if (!k) return setNote(`请输入${noun}名称`);
    setBusy(true);
    setNote("");
    try {
      const list = await search(k);
      setFound(list);
      if (!list.length) setNote(`没有找到名称包含“${k}”的${noun}`);
    } catch (e) {
      setNote(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }
  const add = (c: PickedContent) => setChosen((list) => (list.some((x) => x.id === c.id) ? list : [...list, c]));
  const remove = (id: number) => setChosen((list) => list.filter((x) => x.id !== id));

  return (
    <div className="space-y-2">
      <input type="hidden" name={name} value={chosen.map((c) => c.id).join(",")} />
      <ul aria-label={`已选${noun}`} className="flex min-h-9 flex-wrap gap-2 rounded-md border border-dashed border-border p-2">
        {chosen.length ? (
          chosen.map((c) => (
            <li key={c.id} className="inline-flex items-center gap-1 rounded bg-primary-50 px-2 py-0.5 text-sm text-primary">
              <span className="max-w-[260px] truncate">{c.name}</span>
              <button type="button" aria-label={`移除${c.name}`} className="cursor-pointer px-1 text-[#86909c] hover:text-danger" onClick={() => remove(c.id)}>
                ×
              </button>
            </li>
          ))
        ) : (
          <li className="text-sm text-muted">未指定{noun}</li>
        )}
      </ul>
      <div className="flex gap-2">
        <input
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              void find();
            }
          }}
          maxLength={40}
          placeholder={`输入${noun}名称查找`}
          aria-label={`查找${noun}`}
          className="h-9 w-72 rounded-md border border-border px-3 text-sm outline-none focus:border-primary"
        />
        <Button type="button" variant="outline" size="sm" className="h-9" disabled={busy} onClick={() => void find()}>
          {busy ? "查找中…" : "查找"}
        </Button>
      </div>
      {note && <p className="text-xs text-[#86909c]">{note}</p>}
      {found && found.length > 0 && (
        <ul aria-label={`${noun}查找结果`} className="max-h-56 divide-y divide-border overflow-auto rounded-md border border-border">
          {found.map((c) => {
            const picked = chosen.some((x) => x.id === c.id);
            return (
              <li key={c.id} className="flex items-center justify-between gap-3 px-3 py-1.5 text-sm">
                <span className="truncate">
                  {c.name}
                  <span className="ml-2 text-xs text-muted">ID {c.id}</span>
                </span>
                <button type="button" disabled={picked} aria-label={`添加${c.name}`} className="shrink-0 cursor-pointer text-primary disabled:cursor-default disabled:text-muted" onClick={() => add(c)}>
                  {picked ? "已添加" : "添加"}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
