import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";

export interface Ware {
  id: number;
  name: string;
  fileTypeName: string;
  duration: number;
}
interface SectionDraft {
  id?: number;
  name: string;
  coursewareId: number | "";
}
interface ChapterDraft {
  id?: number;
  name: string;
  children: SectionDraft[];
}

/** Chapters and sections picked from the library; the tree travels to the action as JSON in `chapters`. */
export function ChapterEditor({ initial, wares }: { initial: ChapterDraft[]; wares: Ware[] }) {
  const [chapters, setChapters] = useState<ChapterDraft[]>(initial.length ? initial : [{ name: "第一章", children: [] }]);
  const update = (fn: (draft: ChapterDraft[]) => void) =>
    setChapters((prev) => {
      const next = structuredClone(prev);
      fn(next);
      return next;
    });
  const valid = chapters.map((c) => ({ ...c, children: c.children.filter((s) => s.coursewareId !== "") }));
  return (
    <div className="space-y-4">
      <input type="hidden" name="chapters" value={JSON.stringify(valid)} />
      {chapters.map((ch, ci) => (
        <div key={ci} className="rounded-md border border-border p-4">
          <div className="flex items-center gap-2">
            <Input aria-label={`第${ci + 1}章名称`} value={ch.name} onChange={(e) => update((d) => void (d[ci]!.name = e.target.value))} className="font-medium" />
            <Button type="button" variant="ghost" size="sm" onClick={() => update((d) => void d.splice(ci, 1))}>删除章</Button>
          </div>
          <ul className="mt-3 space-y-2 pl-6">
            {ch.children.map((s, si) => (
              <li key={si} className="flex items-center gap-2">
                <Input aria-label="小节名称" value={s.name} onChange={(e) => update((d) => void (d[ci]!.children[si]!.name = e.target.value))} className="w-64" />
                <select
                  aria-label="选择课件"
                  value={s.coursewareId}
                  onChange={(e) =>
                    update((d) => {
                      const sec = d[ci]!.children[si]!;
                      sec.coursewareId = e.target.value ? Number(e.target.value) : "";
                      const w = wares.find((x) => x.id === sec.coursewareId);
                      if (w && !sec.name) sec.name = w.name;
                    })
                  }
                  className="h-10 min-w-0 flex-1 rounded-md border border-border px-2 text-sm"
                >
                  <option value="">从素材库选择课件…</option>
                  {wares.map((w) => (
                    <option key={w.id} value={w.id}>
                      [{w.fileTypeName}] {w.name}
                      {w.duration ? `（${Math.floor(w.duration / 60)}分${w.duration % 60}秒）` : ""}
                    </option>
                  ))}
                </select>
                <Button type="button" variant="ghost" size="sm" onClick={() => update((d) => void d[ci]!.children.splice(si, 1))}>移除</Button>
              </li>
            ))}
          </ul>
          <Button type="button" variant="link" size="sm" className="mt-2 pl-6" onClick={() => update((d) => void d[ci]!.children.push({ name: "", coursewareId: "" }))}>
            + 添加小节
          </Button>
        </div>
      ))}
      <Button type="button" variant="outline" onClick={() => update((d) => void d.push({ name: `第${d.length + 1}章`, children: [] }))}>
        + 添加章
      </Button>
    </div>
  );
}
