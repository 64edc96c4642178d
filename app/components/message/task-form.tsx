import type { FetcherWithComponents } from "@remix-run/react";
import { useLayoutEffect, useRef, useState } from "react";
import { CONTENT_MAX, LINK_MAX, TITLE_MAX } from "@trpc-app/message/schemas";
import { findScene, resolveParams, sceneOf, SCENES, templateProblem, type ParamValues, type Scene, type SceneType } from "@trpc-app/message/task-scenes";
import { createTaskInput, TASK_NAME_MAX } from "@trpc-app/message/schemas";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { cn } from "~/lib/utils";
import { PlaceholderChips, TaskPreview } from "./task-preview";
import { FormRow } from "./form-row";

export interface EditableTask {
  id: number;
  name: string;
  sceneType: string;
  params: ParamValues;
  titleTemplate: string;
  contentTemplate: string;
  linkUrl: string;
}

type Field = "name" | "sceneType" | "params" | "titleTemplate" | "contentTemplate" | "linkUrl";

const paramsText = (scene: Scene, stored: ParamValues = {}) => Object.fromEntries(scene.params.map((p) => [p.key, String(stored[p.key] ?? p.defaultValue)]));

/**
 * Name, scene and its settings, the two templates with the scene's placeholders and a live preview,
 * and where the notice leads. Checked in the browser with the rules the server applies.
 */
export function TaskForm({ task, fetcher }: { task: EditableTask | null; fetcher: FetcherWithComponents<unknown> }) {
  const initial = findScene(task?.sceneType) ?? SCENES[0]!;
  const [name, setName] = useState(task?.name ?? "");
  const [sceneType, setSceneType] = useState<SceneType>(initial.sceneType);
  const [params, setParams] = useState<Record<string, string>>(() => paramsText(initial, task?.params));
  const [title, setTitle] = useState(task?.titleTemplate ?? initial.defaultTitle);
  const [content, setContent] = useState(task?.contentTemplate ?? initial.defaultContent);
  const [linkMode, setLinkMode] = useState<"default" | "custom">(task?.linkUrl ? "custom" : "default");
  const [linkUrl, setLinkUrl] = useState(task?.linkUrl ?? "");
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [target, setTarget] = useState<"title" | "content">("content");
  const titleRef = useRef<HTMLInputElement>(null);
  const contentRef = useRef<HTMLTextAreaElement>(null);
  const scene = sceneOf(sceneType);
  const busy = fetcher.state !== "idle";
  const clear = (field: Field) => errors[field] && setErrors(({ [field]: _gone, ...rest }) => rest);

  // Placeholder problems show as the admin types; the other rules on saving.
  const titleProblem = templateProblem(scene, title, "标题模板");
  const contentProblem = templateProblem(scene, content, "内容模板");

  function changeScene(next: SceneType) {
    const to = sceneOf(next);
    setSceneType(to.sceneType);
    setParams(paramsText(to));
    // Templates still as the previous scene proposed them follow the new scene; edited ones stay.
    if (!title.trim() || title === scene.defaultTitle) setTitle(to.defaultTitle);
    if (!content.trim() || content === scene.defaultContent) setContent(to.defaultContent);
    clear("params");
  }

  function insert(key: string) {
    const el = target === "title" ? titleRef.current : contentRef.current;
    const value = target === "title" ? title : content;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    const next = value.slice(0, start) + key + value.slice(end);
    if (target === "title") setTitle(next);
    else setContent(next);
    clear(target === "title" ? "titleTemplate" : "contentTemplate");
    caret.current = el ? { el, at: start + key.length } : null;
  }

  // The cursor goes behind the inserted placeholder as soon as the new text is in the field, before
  // the next key press can land (a deferred frame could move it back after the admin typed on).
  const caret = useRef<{ el: HTMLInputElement | HTMLTextAreaElement; at: number } | null>(null);
  useLayoutEffect(() => {
    const pending = caret.current;
    if (!pending) return;
    caret.current = null;
    pending.el.focus();
    pending.el.setSelectionRange(pending.at, pending.at);
  }, [title, content]);

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    const next: Partial<Record<Field, string>> = {};
    const parsed = createTaskInput.safeParse({ name, sceneType, params, titleTemplate: title, contentTemplate: content, linkUrl: linkMode === "custom" ? linkUrl : "" });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === "name" || issue.path[0] === "sceneType" || issue.path[0] === "linkUrl" ? issue.path[0] : issue.path[0] === "titleTemplate" ? "titleTemplate" : issue.path[0] === "contentTemplate" ? "contentTemplate" : "params";
        next[key] ??= issue.message;
      }
    }
    if (!title.trim()) next.titleTemplate ??= "请输入标题模板";
    if (!content.trim()) next.contentTemplate ??= "请输入内容模板";
    if (titleProblem) next.titleTemplate ??= titleProblem;
    if (contentProblem) next.contentTemplate ??= contentProblem;
    const resolved = resolveParams(scene, params);
    if ("error" in resolved) next.params ??= resolved.error;
    if (linkMode === "custom" && !linkUrl.trim()) next.linkUrl ??= "请输入自定义跳转链接，或选择默认跳转";
    if (Object.keys(next).length) {
      e.preventDefault();
      setErrors(next);
    } else setErrors({});
  }
  const counter = (n: number, max: number) => <span className={cn("text-xs tabular-nums", n > max ? "text-danger" : "text-muted")}>{n}/{max}</span>;

  return (
    <fetcher.Form method="post" className="grid gap-8 xl:grid-cols-[minmax(0,1fr)_380px]" onSubmit={onSubmit} noValidate data-testid="task-form">
      <div className="space-y-5">
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="linkUrl" value={linkMode === "custom" ? linkUrl : ""} />
        <FormRow label="任务名称" htmlFor="task-name" error={errors.name} required>
          <div className="relative">
            <Input id="task-name" name="name" value={name} invalid={!!errors.name} onChange={(e) => (setName(e.target.value), clear("name"))} placeholder="如：考试开始前30分钟提醒" className="pr-16" />
            <span className="absolute right-3 top-2.5">{counter(name.trim().length, TASK_NAME_MAX)}</span>
          </div>
        </FormRow>
        <FormRow label="触发场景" htmlFor="task-scene" error={errors.sceneType} required>
          <select
            id="task-scene"
            name="sceneType"
            value={sceneType}
            onChange={(e) => changeScene(e.target.value as SceneType)}
            className="h-10 w-full max-w-sm rounded-md border border-border bg-white px-3 text-sm focus:border-primary focus:outline-none"
          >
            {SCENES.map((s) => (
              <option key={s.sceneType} value={s.sceneType}>
                {s.name}
              </option>
            ))}
          </select>
          <p className="mt-1 text-xs text-muted">{scene.description}</p>
        </FormRow>
        {scene.params.map((p) => (
          <FormRow key={p.key} label={p.name} htmlFor={`task-${p.key}`} error={errors.params} required>
            <div className="flex items-center gap-2">
              <Input
                id={`task-${p.key}`}
                name={p.key}
                type="number"
                inputMode="numeric"
                min={p.min}
                max={p.max}
                value={params[p.key] ?? ""}
                invalid={!!errors.params}
                onChange={(e) => (setParams((v) => ({ ...v, [p.key]: e.target.value })), clear("params"))}
                className="w-32"
              />
              <span className="text-sm text-[#4e5969]">{p.unit}</span>
            </div>
            <p className="mt-1 text-xs text-muted">{p.description}</p>
          </FormRow>
        ))}
        <FormRow label="可用占位符">
          <PlaceholderChips scene={scene} onInsert={insert} />
          <p className="mt-1.5 text-xs text-muted">点击插入到{target === "title" ? "标题模板" : "内容模板"}的光标处，发送时替换为每位学员的实际信息</p>
        </FormRow>
        <FormRow label="标题模板" htmlFor="task-title" error={errors.titleTemplate ?? titleProblem ?? undefined} required>
          <div className="relative">
            <Input
              id="task-title"
              ref={titleRef}
              name="titleTemplate"
              value={title}
              invalid={!!(errors.titleTemplate ?? titleProblem)}
              onFocus={() => setTarget("title")}
              onChange={(e) => (setTitle(e.target.value), clear("titleTemplate"))}
              className="pr-16"
            />
            <span className="absolute right-3 top-2.5">{counter(title.trim().length, TITLE_MAX)}</span>
          </div>
        </FormRow>
        <FormRow label="内容模板" htmlFor="task-content" error={errors.contentTemplate ?? contentProblem ?? undefined} required>
          <textarea
            id="task-content"
            ref={contentRef}
            name="contentTemplate"
            value={content}
            rows={6}
            aria-invalid={!!(errors.contentTemplate ?? contentProblem) || undefined}
            onFocus={() => setTarget("content")}
            onChange={(e) => (setContent(e.target.value), clear("contentTemplate"))}
            className={cn("w-full rounded-md border border-border p-3 text-sm leading-6 focus:border-primary focus:outline-none", (errors.contentTemplate ?? contentProblem) && "border-danger")}
          />
          <div className="flex justify-between text-xs text-muted">
            <span>纯文本，按原样显示给学员</span>
            {counter(content.trim().length, CONTENT_MAX)}
          </div>
        </FormRow>
        <FormRow label="跳转链接" htmlFor="task-link" error={errors.linkUrl}>
          <div role="radiogroup" aria-label="跳转链接" className="flex flex-wrap gap-5 pt-2 text-sm">
            <label className="flex cursor-pointer items-center gap-2">
              <input type="radio" name="linkMode" checked={linkMode === "default"} onChange={() => (setLinkMode("default"), clear("linkUrl"))} aria-label={`默认：${scene.linkName}`} />
              默认：{scene.linkName}
            </label>
            <label className="flex cursor-pointer items-center gap-2">
              <input type="radio" name="linkMode" checked={linkMode === "custom"} onChange={() => setLinkMode("custom")} aria-label="自定义链接" />
              自定义链接
            </label>
          </div>
          {linkMode === "custom" && (
            <Input
              id="task-link"
              className="mt-2"
              value={linkUrl}
              maxLength={LINK_MAX}
              invalid={!!errors.linkUrl}
              onChange={(e) => (setLinkUrl(e.target.value), clear("linkUrl"))}
              placeholder="如 /exam/center 或 https://www.ccgp.gov.cn/"
              aria-label="自定义跳转链接"
            />
          )}
          <p className="mt-1 text-xs text-muted">学员点击消息后前往的地址；默认前往触发该消息的{scene.linkName}</p>
        </FormRow>
        <div className="pl-[122px]">
          <Button type="submit" disabled={busy}>
            {busy ? "保存中…" : "保存"}
          </Button>
          <span className="ml-3 text-xs text-muted">保存后任务为停用状态，启用后开始自动发送</span>
        </div>
      </div>
      <div className="xl:sticky xl:top-4 xl:self-start">
        <TaskPreview scene={scene} title={title} content={content} link={linkMode === "custom" ? linkUrl.trim() : ""} />
      </div>
    </fetcher.Form>
  );
}
