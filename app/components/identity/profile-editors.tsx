import { useEffect, useId, useState } from "react";
import { toast } from "sonner";
import { nickInput, updateOrgNameInput } from "@trpc-app/identity/schemas";
import { fieldError } from "~/components/auth/form";
import { Avatar } from "~/components/layout/avatar";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { UploadField } from "~/components/upload/upload-field";
import { errorMessage, trpc } from "~/lib/trpc";
import { useRefresh } from "~/lib/use-refresh";

const HEAD_PIC_MAX_MB = 2;

/** Head picture through the shared upload control (png/jpg, 2 MB), saved with updateHeadPic once uploaded. */
export function HeadPicEditor({ src, name }: { src: string; name: string }) {
  const refresh = useRefresh();
  async function save(url: string) {
    try {
      await trpc.identity.updateHeadPic.mutate({ headPic: url });
      toast.success("头像已更新");
      refresh();
    } catch (e) {
      toast.error(errorMessage(e));
    }
  }
  return (
    <div className="flex items-center gap-4 py-3">
      <Avatar src={src} name={name} className="h-14 w-14 text-lg" />
      <div className="flex flex-col gap-1">
        <UploadField name="headPic" kind="image" accept="image/png,image/jpeg" maxSizeMb={HEAD_PIC_MAX_MB} label="更换头像" onChange={(url) => void save(url)} />
        <span className="text-xs text-muted">支持png、jpg格式，大小不超过{HEAD_PIC_MAX_MB}Mb</span>
      </div>
    </div>
  );
}

/** One text value edited in place: shows the value with 修改, then an input with 保存/取消. */
export function InlineEditor({
  label,
  value,
  placeholder,
  validate,
  save,
  suggest,
}: {
  label: string;
  value: string;
  placeholder: string;
  validate: (v: string) => string | undefined;
  save: (v: string) => Promise<unknown>;
  /** Suggestions while typing (offered by the browser's own list under the input). */
  suggest?: (v: string) => Promise<string[]>;
}) {
  const refresh = useRefresh();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const [options, setOptions] = useState<string[]>([]);
  const listId = useId();

  useEffect(() => {
    const text = draft.trim();
    if (!editing || !suggest || !text) return setOptions([]);
    let live = true;
    const timer = setTimeout(() => {
      suggest(text).then(
        (list) => live && setOptions(list),
        () => live && setOptions([]),
      );
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [draft, editing, suggest]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const problem = validate(draft);
    if (problem) return setError(problem);
    setPending(true);
    try {
      await save(draft.trim());
      toast.success(`${label}已保存`);
      setEditing(false);
      refresh();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setPending(false);
    }
  }

  if (!editing)
    return (
      <div className="flex flex-1 items-center justify-between">
        <span>{value || <span className="text-muted">未填写</span>}</span>
        <button
          type="button"
          className="text-primary hover:underline"
          onClick={() => {
            setDraft(value);
            setError(undefined);
            setEditing(true);
          }}
        >
          修改
        </button>
      </div>
    );
  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-1 flex-col gap-1 py-2">
      <div className="flex items-center gap-2">
        <Input aria-label={label} value={draft} placeholder={placeholder} invalid={!!error} onChange={(e) => (setDraft(e.target.value), setError(undefined))} className="max-w-[320px]" autoFocus list={suggest ? listId : undefined} />
        {suggest ? (
          <datalist id={listId}>
            {options.map((o) => (
              <option key={o} value={o} />
            ))}
          </datalist>
        ) : null}
        <Button type="submit" size="sm" disabled={pending}>
          保存
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={() => setEditing(false)} disabled={pending}>
          取消
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : null}
    </form>
  );
}

export const validateNick = (v: string) => fieldError(nickInput, { nick: v });
export const validateOrg = (v: string) => fieldError(updateOrgNameInput, { orgName: v });
export const saveNick = (nick: string) => trpc.identity.updateNick.mutate({ nick });
export const saveOrg = (orgName: string) => trpc.identity.updateOrgName.mutate({ orgName });
/** Registered organisations first, then names other learners use (orgSearch). */
export const suggestOrgs = async (orgName: string) => (await trpc.identity.orgSearch.query({ orgName, pageNo: 1, pageSize: 8 })).list.map((o) => o.orgName);
