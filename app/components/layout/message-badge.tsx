import { Link } from "@remix-run/react";
import { BellIcon } from "./icons";

/** The bell with the unread count; 0 shows no bubble. */
export function MessageBadge({ unreadCount = 0 }: { unreadCount?: number }) {
  const label = unreadCount > 99 ? "99+" : String(unreadCount);
  return (
    <Link
      to="/person/message"
      aria-label={unreadCount > 0 ? `消息中心，${label}条未读` : "消息中心"}
      className="relative flex h-9 w-9 items-center justify-center rounded-full text-xl text-[#4e5969] hover:bg-primary-50 hover:text-primary"
    >
      <BellIcon />
      {unreadCount > 0 && (
        <span className="absolute right-0 top-0.5 min-w-[18px] rounded-full bg-danger px-1 text-center text-[11px] leading-[18px] text-white">{label}</span>
      )}
    </Link>
  );
}
