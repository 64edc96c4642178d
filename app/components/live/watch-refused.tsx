import { LegacyCode } from "@base/errors";
import type { WatchRefusal } from "./room-loader.server";

/** The stage of a live the viewer may not watch and cannot buy their way into: why, and a login button for a visitor. */
export function WatchRefused({ cover, refusal, onLogin }: { cover: string; refusal: WatchRefusal; onLogin: () => void }) {
  const visitor = refusal.code === LegacyCode.notLoggedIn;
  return (
    <div className="relative aspect-video w-full overflow-hidden bg-[#0b1220]" data-testid="live-watch-refused">
      {cover && <img src={cover} alt="" className="absolute inset-0 h-full w-full object-cover opacity-40" />}
      <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 text-white">
        <p className="text-lg">{refusal.message}</p>
        {visitor && (
          <button type="button" onClick={onLogin} className="rounded-full bg-primary px-10 py-2 hover:bg-primary-600">
            登录
          </button>
        )}
      </div>
    </div>
  );
}
