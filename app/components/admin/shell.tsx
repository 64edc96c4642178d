import { Toaster } from "sonner";
import { AdminSidebar } from "./sidebar";
import { AdminTopbar } from "./topbar";
import { ADMIN_TOASTER } from "./toast";

export function AdminShell({ nick, children }: { nick: string; children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen bg-surface">
      <AdminSidebar />
      <div className="flex min-w-0 flex-1 flex-col">
        <AdminTopbar nick={nick} />
        <main className="flex-1 p-6">{children}</main>
      </div>
      <Toaster id={ADMIN_TOASTER} position="top-center" richColors closeButton />
    </div>
  );
}

/** Title line of a back-office page, with where it sits in the navigation. */
export function PageHeader({ title, trail, children }: { title: string; trail?: string; children?: React.ReactNode }) {
  return (
    <div className="mb-4 flex items-end justify-between gap-4">
      <div>
        {trail && <p className="mb-1 text-xs text-muted">{trail}</p>}
        <h1 className="text-xl font-semibold text-[#1d2129]">{title}</h1>
      </div>
      {children}
    </div>
  );
}
