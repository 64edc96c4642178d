import { cn } from "~/lib/utils";

export function LayoutSwitch({ label, checked, onChange }: { label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      onClick={() => onChange(!checked)}
      className={cn("relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors", checked ? "bg-primary" : "bg-[#c9cdd4]")}
    >
      <span className={cn("inline-block h-5 w-5 rounded-full bg-white shadow transition-transform", checked ? "translate-x-[22px]" : "translate-x-0.5")} />
      <span className="sr-only">{checked ? "开启" : "关闭"}</span>
    </button>
  );
}

/** A sketch of the learner page with the chosen header and footer parts. */
export function LayoutPreview({ header, tabs, search, notice, footer }: { header: boolean; tabs: boolean; search: boolean; notice: boolean; footer: boolean }) {
  return (
    <div className="mt-4 overflow-hidden rounded-md border border-border bg-[#f2f3f5] text-[11px]" data-testid="layout-preview">
      {header ? (
        <div className="flex h-10 items-center gap-3 bg-white px-3 shadow-sm">
          <span className="font-semibold text-primary">财云学院</span>
          {tabs && <span className="flex gap-2 text-[#4e5969]"><span>首页</span><span>课程中心</span><span>直播</span></span>}
          <span className="ml-auto flex items-center gap-2">
            {search && <span className="w-24 rounded-full border border-border px-2 py-0.5 text-muted">搜索课程</span>}
            {notice && <span className="text-[#4e5969]">消息</span>}
            <span className="h-5 w-5 rounded-full bg-primary-50" />
          </span>
        </div>
      ) : (
        <div className="bg-white/60 px-3 py-1 text-center text-muted">页头已隐藏</div>
      )}
      <div className="space-y-2 p-3">
        <div className="h-16 rounded bg-gradient-to-r from-primary/70 to-[#48beff]/70" />
        <div className="grid grid-cols-3 gap-2">
          {[0, 1, 2].map((i) => <div key={i} className="h-10 rounded bg-white" />)}
        </div>
      </div>
      {footer ? (
        <div className="bg-[#1d2129] px-3 py-2 text-center text-[#c9cdd4]">关于我们 · 帮助中心 · 联系我们</div>
      ) : (
        <div className="px-3 py-1 text-center text-muted">页脚已隐藏</div>
      )}
    </div>
  );
}
