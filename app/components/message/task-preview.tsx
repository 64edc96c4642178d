import { clipTitle, renderTemplate, sampleValues, type Scene } from "@trpc-app/message/task-scenes";

/** Placeholders of the scene as chips; a click inserts one where the cursor is in the chosen template. */
export function PlaceholderChips({ scene, onInsert }: { scene: Scene; onInsert: (key: string) => void }) {
  return (
    <div className="flex flex-wrap gap-2" data-testid="placeholder-chips">
      {scene.placeholders.map((p) => (
        <button
          key={p.key}
          type="button"
          title={`${p.description}，示例：${p.sample}`}
          // Keeps the cursor in the template field while clicking.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onInsert(p.key)}
          className="inline-flex h-7 items-center rounded-full border border-primary/30 bg-primary-50 px-3 text-xs text-primary hover:border-primary hover:bg-primary-100"
        >
          {p.key}
        </button>
      ))}
    </div>
  );
}

/** The notice as a learner would read it in the message centre, with the scene's sample values. */
export function TaskPreview({ scene, title, content, link }: { scene: Scene; title: string; content: string; link: string }) {
  const values = sampleValues(scene);
  const target = link || values["{链接}"] || "";
  const filled = { ...values, "{链接}": target };
  const shownTitle = clipTitle(renderTemplate(title, filled));
  const shownContent = renderTemplate(content, filled);
  return (
    <div className="rounded-lg border border-border bg-[#f7f8fa] p-4" data-testid="task-preview">
      <p className="mb-3 text-xs text-muted">学员收到的站内信预览（示例数据）</p>
      <div className="flex gap-3 rounded-md bg-white p-4 shadow-sm">
        <span aria-hidden className="mt-2 h-2 w-2 shrink-0 rounded-full bg-danger" />
        <div className="min-w-0 flex-1">
          <p className="break-words text-[15px] font-semibold text-[#1d2129]" data-testid="preview-title">
            {shownTitle || <span className="font-normal text-muted">（标题为空）</span>}
          </p>
          <p className="mt-1 whitespace-pre-wrap break-words text-sm leading-6 text-[#4e5969]" data-testid="preview-content">
            {shownContent || <span className="text-muted">（内容为空）</span>}
          </p>
          <p className="mt-2 text-sm text-primary">
            查看详情 <span className="text-xs text-muted">→ {target}</span>
          </p>
        </div>
      </div>
      <p className="mt-3 text-xs leading-5 text-muted">示例数据：{scene.placeholders.filter((p) => p.key !== "{链接}").map((p) => `${p.name}「${p.sample}」`).join("，")}</p>
    </div>
  );
}
