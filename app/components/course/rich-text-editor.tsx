import Image from "@tiptap/extension-image";
import { EditorContent, useEditor, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useRef, useState } from "react";
import { MB, oversizeMessage } from "@base/file-name";
import { UploadError, uploadFile } from "~/components/upload/upload-client";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { cn } from "~/lib/utils";

const IMAGE_MAX_MB = 2;
const IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"];

/** Typography shared by the editor and the learner's course detail, so both read the same. */
export const RICH_TEXT_CLASS =
  "text-sm leading-7 text-[#4e5969] [&_a]:text-primary [&_a]:underline [&_blockquote]:my-2 [&_blockquote]:border-l-4 [&_blockquote]:border-border [&_blockquote]:pl-3 [&_h2]:mb-2 [&_h2]:mt-4 [&_h2]:text-lg [&_h2]:font-semibold [&_h2]:text-[#1d2129] [&_h3]:mb-2 [&_h3]:mt-4 [&_h3]:font-semibold [&_h3]:text-[#1d2129] [&_img]:my-2 [&_img]:max-w-full [&_img]:rounded [&_ol]:my-1 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-1 [&_strong]:font-semibold [&_strong]:text-[#1d2129] [&_ul]:my-1 [&_ul]:list-disc [&_ul]:pl-6";

function Tool({ label, active, onClick, disabled, children }: { label: string; active?: boolean; onClick: () => void; disabled?: boolean; children: React.ReactNode }) {
  return (
    <button
      type="button"
      title={label}
      aria-label={label}
      aria-pressed={active}
      disabled={disabled}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className={cn("h-8 min-w-8 rounded px-2 text-sm text-[#4e5969] hover:bg-primary-50 hover:text-primary disabled:opacity-40", active && "bg-primary-50 text-primary")}
    >
      {children}
    </button>
  );
}

function Toolbar({ editor, onError }: { editor: Editor; onError: (m: string) => void }) {
  const [linking, setLinking] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const file = useRef<HTMLInputElement>(null);
  const chain = () => editor.chain().focus();

  async function insertImage(f: File | undefined) {
    if (file.current) file.current.value = "";
    if (!f) return;
    if (!IMAGE_TYPES.includes(f.type)) return onError("图片格式不正确，请上传 PNG、JPG、GIF 或 WebP");
    if (f.size > IMAGE_MAX_MB * MB) return onError(oversizeMessage(IMAGE_MAX_MB));
    setUploading(true);
    try {
      const { url } = await uploadFile(f, { midPath: "course-detail" });
      chain().setImage({ src: url, alt: f.name.replace(/\.[^.]+$/, "") }).run();
      onError("");
    } catch (e) {
      onError(e instanceof UploadError ? e.message : new UploadError(500).message);
    } finally {
      setUploading(false);
    }
  }

  function applyLink() {
    const href = (linking ?? "").trim();
    if (!href) chain().extendMarkRange("link").unsetLink().run();
    else if (!/^(https?:\/\/|\/|mailto:)/i.test(href)) return onError("链接须以 http://、https:// 或 / 开头");
    else chain().extendMarkRange("link").setLink({ href }).run();
    onError("");
    setLinking(null);
  }

  return (
    <div className="border-b border-border bg-[#f7f8fa]">
      <div className="flex flex-wrap items-center gap-0.5 px-2 py-1" role="toolbar" aria-label="格式工具栏">
        <Tool label="加粗" active={editor.isActive("bold")} onClick={() => chain().toggleBold().run()}><b>B</b></Tool>
        <Tool label="斜体" active={editor.isActive("italic")} onClick={() => chain().toggleItalic().run()}><i>I</i></Tool>
        <Tool label="下划线" active={editor.isActive("underline")} onClick={() => chain().toggleUnderline().run()}><u>U</u></Tool>
        <span className="mx-1 h-5 w-px bg-border" />
        <Tool label="标题" active={editor.isActive("heading", { level: 2 })} onClick={() => chain().toggleHeading({ level: 2 }).run()}>H2</Tool>
        <Tool label="小标题" active={editor.isActive("heading", { level: 3 })} onClick={() => chain().toggleHeading({ level: 3 }).run()}>H3</Tool>
        <Tool label="无序列表" active={editor.isActive("bulletList")} onClick={() => chain().toggleBulletList().run()}>• 列表</Tool>
        <Tool label="有序列表" active={editor.isActive("orderedList")} onClick={() => chain().toggleOrderedList().run()}>1. 列表</Tool>
        <Tool label="引用" active={editor.isActive("blockquote")} onClick={() => chain().toggleBlockquote().run()}>❝ 引用</Tool>
        <span className="mx-1 h-5 w-px bg-border" />
        <Tool label="链接" active={editor.isActive("link")} onClick={() => setLinking(editor.getAttributes("link").href ?? "https://")}>链接</Tool>
        <Tool label="插入图片" disabled={uploading} onClick={() => file.current?.click()}>{uploading ? "上传中…" : "图片"}</Tool>
        <input ref={file} type="file" className="sr-only" accept={IMAGE_TYPES.join(",")} aria-label="选择图片" onChange={(e) => void insertImage(e.target.files?.[0])} tabIndex={-1} />
        <span className="mx-1 h-5 w-px bg-border" />
        <Tool label="撤销" disabled={!editor.can().undo()} onClick={() => chain().undo().run()}>撤销</Tool>
        <Tool label="重做" disabled={!editor.can().redo()} onClick={() => chain().redo().run()}>重做</Tool>
      </div>
      {linking !== null && (
        <div className="flex items-center gap-2 border-t border-border px-2 py-1.5">
          <Input
            autoFocus
            value={linking}
            onChange={(e) => setLinking(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                applyLink();
              }
            }}
            placeholder="https://…，留空则取消链接"
            aria-label="链接地址"
            className="h-8 max-w-md"
          />
          <Button type="button" size="sm" onClick={applyLink}>确定</Button>
          <Button type="button" size="sm" variant="outline" onClick={() => setLinking(null)}>取消</Button>
        </div>
      )}
    </div>
  );
}

/** A rich-text field: the hidden input `name` carries the HTML; the server keeps only allow-listed tags. */
export function RichTextEditor({ name, initial, placeholder = "请输入课程详情" }: { name: string; initial: string; placeholder?: string }) {
  const [html, setHtml] = useState(initial);
  const [error, setError] = useState("");
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3] }, link: { openOnClick: false, autolink: true, protocols: ["http", "https", "mailto"] } }), Image.configure({ allowBase64: false })],
    content: initial,
    immediatelyRender: false,
    shouldRerenderOnTransaction: true,
    editorProps: { attributes: { class: cn(RICH_TEXT_CLASS, "min-h-48 px-4 py-3 focus:outline-none"), "aria-label": "课程详情", role: "textbox", "aria-multiline": "true" } },
    onUpdate: ({ editor: e }) => setHtml(e.isEmpty ? "" : e.getHTML()),
  });
  return (
    <div>
      <div className="overflow-hidden rounded-md border border-border bg-white focus-within:border-primary">
        {editor ? <Toolbar editor={editor} onError={setError} /> : <div className="h-10 border-b border-border bg-[#f7f8fa]" />}
        {editor ? <EditorContent editor={editor} /> : <div className="min-h-48 px-4 py-3 text-sm text-muted">{placeholder}</div>}
      </div>
      <input type="hidden" name={name} value={html} />
      {error && <p role="alert" className="mt-1 text-xs text-danger">{error}</p>}
    </div>
  );
}
