import type { FetcherWithComponents } from "@remix-run/react";
import { useState } from "react";
import { CONTENT_MAX, LINK_MAX, RANGE_REQUIRED, saveMessageInput, TITLE_MAX } from "@trpc-app/message/schemas";
import { OpenRangePicker } from "~/components/org/open-range-picker";
import { isOpenToAll, rangeFromRows, rangeToRows, type OpenRangeValue } from "@base/open-range";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { cn } from "~/lib/utils";
import { MESSAGE_KIND_OPTIONS, TARGET_OPTIONS } from "./status";
import { FormRow } from "./form-row";

export interface EditableMessage {
  id: number;
  title: string;
  content: string;
  linkUrl: string;
  targetType: number;
  kind: number;
  openRange: { kind: string; target: string }[];
}

type Field = "title" | "content" | "linkUrl" | "openRange" | "targetType" | "kind";

/**
 * Title, plain-text content, optional link and who receives it. Checked in the browser with the same
 * schema the server parses, so the admin reads the reason next to the field before anything is posted.
 */
export function MessageForm({ message, fetcher }: { message: EditableMessage | null; fetcher: FetcherWithComponents<unknown> }) {
  const [title, setTitle] = useState(message?.title ?? "");
  const [content, setContent] = useState(message?.content ?? "");
  const [linkUrl, setLinkUrl] = useState(message?.linkUrl ?? "");
  const [targetType, setTargetType] = useState(message?.targetType ?? 1);
  const [kind, setKind] = useState(message?.kind ?? 1);
  const [range, setRange] = useState<OpenRangeValue>(() => rangeFromRows(message?.openRange));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const busy = fetcher.state !== "idle";
  /** Changing a field clears its message; the next save checks again. */
  const edit = <T,>(field: Field, set: (v: T) => void) => (v: T) => {
    set(v);
    if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    const parsed = saveMessageInput.safeParse({ title, content, linkUrl, targetType, kind, openRange: targetType === 2 ? rangeToRows(range) : [] });
    if (parsed.success) {
      setErrors({});
      return;
    }
    e.preventDefault();
    const next: Partial<Record<Field, string>> = {};
    for (const issue of parsed.error.issues) {
      const key = (issue.path[0] === "link" ? "linkUrl" : issue.path[0]) as Field;
      next[key] ??= issue.message;
    }
    // The range rule runs after the fields parse; say it together with the field messages.
    if (targetType === 2 && isOpenToAll(range)) next.openRange ??= RANGE_REQUIRED;
    setErrors(next);
  }
  const counter = (n: number, max: number) => <span className={cn("text-xs tabular-nums", n > max ? "text-danger" : "text-muted")}>{n}/{max}</span>;

  return (
    <fetcher.Form method="post" className="space-y-5" onSubmit={onSubmit} noValidate data-testid="message-form">
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="targetType" value={targetType} />
      <FormRow label="消息类型" error={errors.kind} required>
        <div className="flex gap-6 text-sm" role="radiogroup" aria-label="消息类型">
          {MESSAGE_KIND_OPTIONS.map((o) => (
            <label key={o.value} className="flex cursor-pointer items-center gap-2">
              <input type="radio" name="kind" value={o.value} checked={kind === Number(o.value)} onChange={() => edit("kind", setKind)(Number(o.value))} />
              {o.label}
            </label>
          ))}
        </div>
        <p className="mt-1 text-xs text-muted">站内信显示在学员的「站内通知」，邮件显示在「邮件」；两者都计入页头的未读数</p>
      </FormRow>
      <FormRow label="标题" htmlFor="msg-title" error={errors.title} required>
        <div className="relative">
          <Input id="msg-title" name="title" value={title} onChange={(e) => edit("title", setTitle)(e.target.value)} placeholder="如：关于2026年度政府采购从业人员能力提升培训的通知" className="pr-16" />
          <span className="absolute right-3 top-2.5">{counter(title.trim().length, TITLE_MAX)}</span>
        </div>
      </FormRow>
      <FormRow label="内容" htmlFor="msg-content" error={errors.content} required>
        <textarea
          id="msg-content"
          name="content"
          value={content}
          onChange={(e) => edit("content", setContent)(e.target.value)}
          rows={7}
          placeholder="学员在消息中心看到的正文（纯文本）"
          className="w-full rounded-md border border-border p-3 text-sm leading-6 focus:border-primary focus:outline-none"
        />
        <div className="flex justify-between text-xs text-muted">
          <span>纯文本，按原样显示给学员</span>
          {counter(content.trim().length, CONTENT_MAX)}
        </div>
      </FormRow>
      <FormRow label="跳转链接" htmlFor="msg-link" error={errors.linkUrl}>
        <Input id="msg-link" name="linkUrl" value={linkUrl} maxLength={LINK_MAX} onChange={(e) => edit("linkUrl", setLinkUrl)(e.target.value)} placeholder="选填，如 /course/center 或 https://www.ccgp.gov.cn/" />
        <p className="mt-1 text-xs text-muted">学员点击消息后前往的地址：站内路径以 / 开头，站外地址以 http:// 或 https:// 开头</p>
      </FormRow>
      <FormRow label="接收对象" error={errors.targetType} required>
        <div role="radiogroup" aria-label="接收对象" className="flex flex-wrap gap-3">
          {TARGET_OPTIONS.map((o) => (
            <label
              key={o.value}
              className={cn("flex w-60 cursor-pointer flex-col rounded-md border px-3 py-2 text-sm", targetType === o.value ? "border-primary bg-primary-50/60" : "border-border hover:border-primary")}
            >
              <span className="flex items-center gap-2">
                <input type="radio" name="targetTypeChoice" value={o.value} checked={targetType === o.value} onChange={() => edit("openRange", setTargetType)(o.value)} aria-label={o.label} />
                <span className="font-medium">{o.label}</span>
              </span>
              <span className="mt-1 text-xs text-muted">{o.hint}</span>
            </label>
          ))}
        </div>
        {targetType === 3 && !message && <p className="mt-2 text-xs text-[#ff7d00]">保存草稿后即可添加接收用户</p>}
      </FormRow>
      {targetType === 2 && (
        <FormRow label="开放范围" error={errors.openRange} required>
          <p className="mb-2 rounded-md bg-primary-50 px-3 py-2 text-xs text-primary">至少选择一项；满足任一条件的已启用用户都会收到，选中上级组织或角色时其下级成员同样会收到（以发送时为准）</p>
          <OpenRangePicker value={range} onChange={edit("openRange", setRange)} formFields audience />
        </FormRow>
      )}
      <div className="pl-[122px]">
        <Button type="submit" disabled={busy}>
          {busy ? "保存中…" : message ? "保存草稿" : "保存为草稿"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
