import { SESSION_ENDED_CLOSE } from "./protocol";

// An ended session's id is remembered this long, so an authorisation already in flight cannot open a socket for it.
const ENDED_TTL_MS = 10 * 60_000;

export interface Closable {
  end(code?: number, shortMessage?: string): void;
}

/** The sockets of this process by the session that opened them: user sockets and live room sockets alike. */
export function createSessionRegistry() {
  const open = new Map<string, Set<Closable>>();
  const ended = new Map<string, number>();
  let closedCount = 0;

  return {
    add(sessionId: string, ws: Closable) {
      let set = open.get(sessionId);
      if (!set) open.set(sessionId, (set = new Set()));
      set.add(ws);
    },
    remove(sessionId: string, ws: Closable) {
      const set = open.get(sessionId);
      if (!set) return;
      set.delete(ws);
      if (!set.size) open.delete(sessionId);
    },
    isEnded(sessionId: string): boolean {
      const until = ended.get(sessionId);
      return until !== undefined && until > Date.now();
    },
    /** Closes every socket of these sessions and refuses them from now on; answers how many sockets closed. */
    end(sessionIds: Iterable<string>): number {
      const until = Date.now() + ENDED_TTL_MS;
      let n = 0;
      for (const id of sessionIds) {
        ended.set(id, until);
        const set = open.get(id);
        open.delete(id);
        // Closing runs the sockets' close handlers, which edit the set: walk a copy.
        for (const ws of [...(set ?? [])]) {
          ws.end(SESSION_ENDED_CLOSE, "session ended");
          n += 1;
        }
      }
      closedCount += n;
      return n;
    },
    ids: () => [...open.keys()],
    /** Forgets ended sessions old enough that no authorisation for them can still be in flight. */
    prune() {
      const now = Date.now();
      for (const [id, until] of ended) if (until <= now) ended.delete(id);
    },
    closed: () => closedCount,
  };
}
export type SessionRegistry = ReturnType<typeof createSessionRegistry>;
