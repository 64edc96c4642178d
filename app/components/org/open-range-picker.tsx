import { useEffect, useMemo, useState } from "react";
import { NodePicker, type FlatNode } from "~/components/admin/user-pick-nodes";
import { AreaSelect, type AreaOption } from "~/components/identity/area-select";
import { Button } from "~/components/ui/button";
import { errorMessage, trpc } from "~/lib/trpc";
import { cn } from "~/lib/utils";
import { isOpenToAll, type OpenRangeValue } from "@base/open-range";


export interface OpenRangeOptions {
  roles: FlatNode[];
  groups: FlatNode[];
  tags: { id: number; name: string }[];
  areas: AreaOption[];
}

/** Roles, groups, tags and areas to choose from; pass `preloaded` when a loader already read them. */
export function useOpenRangeOptions(preloaded?: OpenRangeOptions) {
  const [options, setOptions] = useState<OpenRangeOptions | null>(preloaded ?? null);
  const [error, setError] = useState("");
  useEffect(() => {
    if (preloaded) return;
    let live = true;
    const allTags = async () => {
      const out: { id: number; name: string }[] = [];
      for (let pageNo = 1; pageNo <= 20; pageNo++) {
        const r = await trpc.org.admin.tags.list.query({ pageNo, pageSize: 100 });
        out.push(...r.list.map((t) => ({ id: t.id, name: t.name })));
        if (out.length >= r.total || r.list.length === 0) break;
      }
      return out;
    };
    Promise.all([trpc.org.admin.role.list.query(), trpc.org.admin.group.list.query(), allTags(), trpc.identity.areaTree.query()])
      .then(([roles, groups, tags, areas]) => live && setOptions({ roles, groups, tags, areas }))
      .catch((e) => live && setError(errorMessage(e, "开放范围选项加载失败")));
    return () => {
      live = false;
    };
  }, [preloaded]);
  return { options, error };
}

function Chip({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <span className="inline-flex items-center gap-1 rounded bg-primary-50 px-2 py-0.5 text-xs text-primary">
      {label}
      <button type="button" aria-label={`移除${label}`} className="text-[#86909c] hover:text-danger" onClick={onRemove}>
        ×
      </button>
    </span>
  );
}

/**
 * Chooses who may see a course, exam, practice or live: roles and groups from their trees, tags and
 * regions. Nothing chosen means every logged-in user. With `formFields` it also renders hidden
 * inputs (roleIds, groupIds, tagIds repeated; areaCodes comma-separated) for a Remix form.
 */
export function OpenRangePicker({
  value,
  onChange,
  options: preloaded,
  formFields = false,
  audience,
  className,
}: {
  value: OpenRangeValue;
  onChange: (next: OpenRangeValue) => void;
  options?: OpenRangeOptions;
  formFields?: boolean;
  /**
   * Where the range picks recipients (a message) rather than who may see content: nothing chosen then
   * reaches nobody, so the "open to everyone" banner and clear button give way to the caller's own text.
   */
  audience?: boolean;
  className?: string;
}) {
  const { options, error } = useOpenRangeOptions(preloaded);
  const [tagQuery, setTagQuery] = useState("");
  const [area, setArea] = useState("");
  const areaNames = useMemo(() => {
    const m = new Map<string, string>();
    for (const p of options?.areas ?? []) {
      m.set(p.areaCode, p.areaName);
      for (const c of p.children) m.set(c.areaCode, `${p.areaName} / ${c.areaName}`);
    }
    return m;
  }, [options]);
  const nameOf = (list: { id: number; name: string }[] | undefined, id: number, kind: string) => list?.find((x) => x.id === id)?.name ?? `${kind}#${id}`;
  const set = (patch: Partial<OpenRangeValue>) => onChange({ ...value, ...patch });
  const toggleTag = (id: number) => set({ tagIds: value.tagIds.includes(id) ? value.tagIds.filter((t) => t !== id) : [...value.tagIds, id] });
  const addArea = () => {
    if (area && !value.areaCodes.includes(area)) set({ areaCodes: [...value.areaCodes, area] });
    setArea("");
  };
  const all = isOpenToAll(value);
  const tags = (options?.tags ?? []).filter((t) => !tagQuery || t.name.includes(tagQuery));

  return (
    <div className={cn("space-y-4 text-sm", className)} data-testid="open-range-picker">
      {formFields && (
        <>
          {value.roleIds.map((id) => <input key={`r${id}`} type="hidden" name="roleIds" value={id} />)}
          {value.groupIds.map((id) => <input key={`g${id}`} type="hidden" name="groupIds" value={id} />)}
          {value.tagIds.map((id) => <input key={`t${id}`} type="hidden" name="tagIds" value={id} />)}
          <input type="hidden" name="areaCodes" value={value.areaCodes.join(",")} />
        </>
      )}
      {!audience && (
        <div
          role="status"
          className={cn("rounded-md px-3 py-2 text-xs", all ? "bg-[#e8ffea] text-[#00b42a]" : "bg-primary-50 text-primary")}
        >
          {all
            ? "未选择任何范围：对所有登录用户开放"
            : "仅对下列范围内的用户开放（满足任一条件即可；选中上级组织或角色时，其下级成员同样可见）"}
        </div>
      )}
      {error && <p role="alert" className="text-danger">{error}</p>}
      {!options && !error && <p className="text-muted">正在加载可选范围…</p>}
      {options && (
        <>
          <div className="flex gap-4">
            <NodePicker label="角色" nodes={options.roles} value={new Set(value.roleIds)} onChange={(s) => set({ roleIds: [...s] })} />
            <NodePicker label="组织" nodes={options.groups} value={new Set(value.groupIds)} onChange={(s) => set({ groupIds: [...s] })} />
          </div>
          <fieldset>
            <legend className="mb-1.5 text-sm font-medium text-[#1d2129]">
              标签
              {value.tagIds.length > 0 && <span className="ml-1 text-xs font-normal text-primary">已选 {value.tagIds.length}</span>}
            </legend>
            {options.tags.length > 12 && (
              <input className="mb-1 h-8 w-60 rounded-md border border-border px-2 text-xs" placeholder="筛选标签" aria-label="筛选标签" value={tagQuery} onChange={(e) => setTagQuery(e.target.value)} />
            )}
            <div className="flex max-h-24 flex-wrap gap-2 overflow-y-auto" role="group" aria-label="标签">
              {options.tags.length === 0 && <span className="text-xs text-muted">暂无标签</span>}
              {tags.map((t) => {
                const on = value.tagIds.includes(t.id);
                return (
                  <button
                    key={t.id}
                    type="button"
                    aria-pressed={on}
                    onClick={() => toggleTag(t.id)}
                    className={cn("rounded-full border px-3 py-0.5 text-xs", on ? "border-primary bg-primary text-white" : "border-border text-[#4e5969] hover:border-primary hover:text-primary")}
                  >
                    {t.name}
                  </button>
                );
              })}
            </div>
          </fieldset>
          <fieldset>
            <legend className="mb-1.5 text-sm font-medium text-[#1d2129]">地区</legend>
            <div className="flex items-center gap-3">
              <div className="flex-1">
                <AreaSelect areas={options.areas} value={area} onChange={setArea} />
              </div>
              <Button type="button" variant="outline" disabled={!area} onClick={addArea}>
                添加地区
              </Button>
            </div>
          </fieldset>
          {!all && (
            <div className="border-t border-border pt-3">
              <p className="mb-1.5 text-xs text-muted">已选范围</p>
              <div className="flex flex-wrap gap-2" aria-label="已选范围">
                {value.roleIds.map((id) => <Chip key={`r${id}`} label={`角色：${nameOf(options.roles, id, "角色")}`} onRemove={() => set({ roleIds: value.roleIds.filter((x) => x !== id) })} />)}
                {value.groupIds.map((id) => <Chip key={`g${id}`} label={`组织：${nameOf(options.groups, id, "组织")}`} onRemove={() => set({ groupIds: value.groupIds.filter((x) => x !== id) })} />)}
                {value.tagIds.map((id) => <Chip key={`t${id}`} label={`标签：${nameOf(options.tags, id, "标签")}`} onRemove={() => toggleTag(id)} />)}
                {value.areaCodes.map((code) => <Chip key={`a${code}`} label={`地区：${areaNames.get(code) ?? code}`} onRemove={() => set({ areaCodes: value.areaCodes.filter((c) => c !== code) })} />)}
              </div>
            </div>
          )}
          <div className="flex justify-end">
            <Button type="button" variant="ghost" size="sm" disabled={all} onClick={() => onChange({ roleIds: [], groupIds: [], tagIds: [], areaCodes: [] })}>
              {audience ? "清空" : "清空（对所有登录用户开放）"}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
