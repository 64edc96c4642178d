/**
 * Reads shared by many askers without losing freshness (decision 040), and the catch-up page a viewer
 * takes from a shared read of a live room's comments.
 *
 * When thousands ask for nearly the same thing at once (every viewer of a room coming back after a
 * restart), each asker joins the next read of its key that starts after it asked: it starts one if none
 * runs, otherwise it waits for the one queued behind the running read, never for the running read itself,
 * which may have started before something the asker must see was stored. So an answer is as fresh as a
 * read of its own, and a burst costs one read per read-time per key instead of one per asker.
 */
export function freshReads<K, W, R>(read: (key: K, want: W) => Promise<R>, widen: (queued: W, asked: W) => W) {
  type Queued = { want: W; promise: Promise<R>; settle: (p: Promise<R>) => void };
  const keys = new Map<K, { running?: Promise<R>; next?: Queued }>();

  const start = (key: K, state: { running?: Promise<R>; next?: Queued }, want: W): Promise<R> => {
    const running = read(key, want);
    state.running = running;
    const done = () => {
      state.running = undefined;
      const next = state.next;
      state.next = undefined;
      if (next) next.settle(start(key, state, next.want));
      else keys.delete(key);
    };
    running.then(done, done);
    return running;
  };

  return (key: K, want: W): Promise<R> => {
    let state = keys.get(key);
    if (!state) keys.set(key, (state = {}));
    if (!state.running) return start(key, state, want);
    if (state.next) {
      state.next.want = widen(state.next.want, want);
      return state.next.promise;
    }
    let settle!: (p: Promise<R>) => void;
    const promise = new Promise<R>((resolve) => (settle = resolve));
    state.next = { want, promise, settle };
    return promise;
  };
}

/** What a shared catch-up read of a room fetches: every comment in (from, to], then `size` more after `to`. */
export interface CatchUpWant {
  from: number;
  to: number;
  size: number;
}
/**
 * A shared read's comments in sending order; `complete` false when it was cut short after `from`.
 * `hidden` (the app's answer to a realtime process): the room's comments hidden lately (their ids,
 * newest first), which a page coming back may still show, since a hide while it was away never reached it.
 */
export interface CatchUpRun<T extends { sentAt: number }> {
  rows: T[];
  complete: boolean;
  hidden?: string[];
}

export const catchUpWant = (since: number, size: number): CatchUpWant => ({ from: since, to: since, size });
export const widenCatchUp = (a: CatchUpWant, b: CatchUpWant): CatchUpWant => ({ from: Math.min(a.from, b.from), to: Math.max(a.to, b.to), size: Math.max(a.size, b.size) });

/** The first `size` comments sent after `since` from a shared read, or null when the read cannot tell (read on your own). */
export function catchUpPage<T extends { sentAt: number }>(run: CatchUpRun<T>, since: number, size: number): T[] | null {
  let lo = 0;
  let hi = run.rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (run.rows[mid]!.sentAt > since) hi = mid;
    else lo = mid + 1;
  }
  const page = run.rows.slice(lo, lo + size);
  return page.length < size && !run.complete ? null : page;
}
