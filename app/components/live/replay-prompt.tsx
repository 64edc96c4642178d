/** Status 2 without an open player: watch the replay, or wait for it and reserve it. */
export function ReplayPrompt({ cover, hasReplay, subscribed, busy, onWatch, onSubscribe }: { cover: string; hasReplay: boolean; subscribed: boolean; busy: boolean; onWatch: () => void; onSubscribe: () => void }) {
  return (
    <div className="relative aspect-video w-full overflow-hidden bg-[#0b1220]" data-testid="live-replay-prompt">
      {cover && <img src={cover} alt="" className="absolute inset-0 h-full w-full object-cover opacity-40" />}
      <div className="absolute inset-0 flex flex-col items-center justify-center gap-4 text-white">
        <p className="text-lg">直播已结束</p>
        {hasReplay ? (
          <button type="button" onClick={onWatch} className="rounded-full bg-primary px-10 py-2 hover:bg-primary-600">
            观看回放
          </button>
        ) : (
          <>
            <p className="text-white/80">回放生成中</p>
            <button type="button" disabled={subscribed || busy} onClick={onSubscribe} className="rounded-full bg-primary px-8 py-2 hover:bg-primary-600 disabled:bg-white/20">
              {subscribed ? "已预约直播回放" : "预约回放"}
            </button>
          </>
        )}
      </div>
    </div>
  );
}
