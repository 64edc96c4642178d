import { useEffect, useRef, useState } from "react";
import { formatCount } from "@base/format";
import type { RoomMessage } from "./use-live-room";

const QUICK = ["老师讲得好", "收到", "听懂了", "有疑问", "感谢分享"];
const Thumb = () => (
  <svg viewBox="0 0 24 24" className="h-4 w-4" fill="currentColor" aria-hidden>
    <path d="M2 21h4V9H2v12zm20-11a2 2 0 0 0-2-2h-6.3l1-4.6v-.3c0-.4-.2-.8-.4-1.1L13.2 1 6.6 7.6C6.2 8 6 8.5 6 9v10a2 2 0 0 0 2 2h9c.8 0 1.5-.5 1.8-1.2l3-7.1c.1-.2.2-.5.2-.7v-2z" />
  </svg>
);

/** Room comments with the input box and the like button. */
export function ChatPanel(props: {
  comments: RoomMessage[];
  likeTotal: number;
  online: number;
  canSend: boolean;
  loggedIn: boolean;
  refusal: string | null;
  /** The socket was dropped and is coming back: said above the box until it is. */
  dropped?: string | null;
  /** Why the box is closed for good (a sold live not bought), instead of 连接中…. */
  closedHint?: string;
  onSend: (content: string) => boolean;
  onLike: () => void;
  onLogin: () => void;
}) {
  const [text, setText] = useState("");
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [props.comments.length]);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const content = text.trim();
    if (!content) return;
    if (props.onSend(content)) setText("");
  };
  return (
    <div className="flex h-full min-h-[420px] flex-col rounded-lg bg-white" data-testid="live-chat">
      <div className="flex items-center justify-between border-b border-border px-4 py-2.5 text-sm">
        <b>互动评论</b>
        <span className="text-muted">在线 {formatCount(props.online)} 人</span>
      </div>
      <div ref={list} className="flex-1 space-y-2.5 overflow-y-auto px-4 py-3 text-sm" data-testid="live-comments">
        {props.comments.length === 0 && <p className="py-10 text-center text-muted">还没有评论，来说点什么吧</p>}
        {props.comments.map((c) => (
          <p key={c.msgId} data-testid="live-comment">
            <span className={c.kind === "anchor" ? "font-semibold text-primary" : "text-[#86909c]"}>{c.kind === "anchor" ? `主播 ${c.nick}` : c.nick}：</span>
            <span className="break-all text-[#1d2129]">{c.content}</span>
          </p>
        ))}
      </div>
      {props.refusal && <p className="mx-4 mb-1 rounded bg-danger/10 px-2 py-1 text-xs text-danger" role="alert">{props.refusal}</p>}
      <div className="flex flex-wrap items-center gap-1.5 border-t border-border px-3 pt-2">
        {QUICK.map((e) => (
          <button key={e} type="button" className="rounded-full bg-[#f2f3f5] px-2 py-0.5 text-xs text-[#4e5969] hover:text-primary" onClick={() => setText((t) => (t + e).slice(0, 200))}>
            {e}
          </button>
        ))}
      </div>
      {props.dropped && !props.canSend && (
        <p role="status" className="mx-3 mt-2 rounded bg-[#fff7e8] px-2 py-1 text-xs text-[#ff7d00]">
          {props.dropped}
        </p>
      )}
      {props.loggedIn ? (
        <form onSubmit={submit} className="flex items-center gap-2 p-3">
          <input aria-label="评论内容" value={text} maxLength={200} disabled={!props.canSend} onChange={(e) => setText(e.target.value)} placeholder={props.canSend ? "说点什么…" : (props.closedHint ?? "连接中…")} className="h-9 flex-1 rounded-md border border-border px-3 text-sm outline-none focus:border-primary" />
          <button type="submit" disabled={!props.canSend} className="h-9 shrink-0 whitespace-nowrap rounded-md bg-primary px-4 text-sm text-white disabled:opacity-50">
            发送
          </button>
          <button type="button" onClick={props.onLike} aria-label="点赞" className="flex h-9 shrink-0 items-center gap-1 rounded-md border border-border px-3 text-sm hover:text-primary" data-testid="live-like">
            <Thumb /> <span data-testid="live-like-count">{formatCount(props.likeTotal)}</span>
          </button>
        </form>
      ) : (
        <button type="button" onClick={props.onLogin} className="m-3 h-9 rounded-md bg-primary-50 text-sm text-primary">
          登录后参与互动
        </button>
      )}
    </div>
  );
}
