// Rates a live room accepts from viewers. Likes above the caps are dropped silently (and counted);
// a socket sending frames past the flood rate is closed.
export const LIKES_PER_SOCKET_PER_SECOND = 10;
export const LIKES_PER_USER_PER_SECOND = 20;
export const FRAMES_PER_SOCKET_PER_SECOND = 100;
/** Burst a socket may send at once before the flood rule applies. */
export const FRAME_BURST = 200;
export const MIN_COMMENT_GAP_MS = 300;
/** The user socket only answers heartbeats (one a second): a far looser flood rule. */
export const USER_FRAMES_PER_SECOND = 500;
export const USER_FRAME_BURST = 1000;
export const FLOOD_CLOSE = 1008;
/** Visitor sockets one client address may hold on a process (an office behind one address watching together). */
export const VISITOR_SOCKETS_PER_ADDRESS = 100;

export interface Bucket {
  tokens: number;
  at: number;
}

export const fullBucket = (burst: number, now = Date.now()): Bucket => ({ tokens: burst, at: now });

/** Tokens available now in a bucket refilled at `rate` a second up to `burst`. */
export function refill(b: Bucket, rate: number, burst: number, now: number): number {
  b.tokens = Math.min(burst, b.tokens + ((now - b.at) / 1000) * rate);
  b.at = now;
  return Math.floor(b.tokens);
}

/** What one process counts of refused viewer traffic. */
export interface RoomStats {
  likesDropped: number;
  commentsTooFast: number;
  floodClosed: number;
}
export const emptyStats = (): RoomStats => ({ likesDropped: 0, commentsTooFast: 0, floodClosed: 0 });

/**
 * Per-user limits across the user's sockets on this process: a like bucket and the time of the last
 * comment. Entries idle for a while are dropped by `prune`.
 */
export function createUserLimits() {
  const users = new Map<number, { likes: Bucket; lastCommentAt: number; seenAt: number }>();
  const entry = (userId: number, now: number) => {
    let e = users.get(userId);
    if (!e) users.set(userId, (e = { likes: fullBucket(LIKES_PER_USER_PER_SECOND, now), lastCommentAt: 0, seenAt: now }));
    e.seenAt = now;
    return e;
  };
  return {
    /** Likes the user may still add now, through a socket whose own bucket is given; both are charged. */
    takeLikes(userId: number, socket: Bucket, count: number, now = Date.now()): number {
      const e = entry(userId, now);
      const got = Math.min(count, refill(socket, LIKES_PER_SOCKET_PER_SECOND, LIKES_PER_SOCKET_PER_SECOND, now), refill(e.likes, LIKES_PER_USER_PER_SECOND, LIKES_PER_USER_PER_SECOND, now));
      socket.tokens -= got;
      e.likes.tokens -= got;
      return got;
    },
    /** True when the user's last comment, from any socket, was long enough ago; records this one. */
    commentAllowed(userId: number, now = Date.now()): boolean {
      const e = entry(userId, now);
      if (now - e.lastCommentAt < MIN_COMMENT_GAP_MS) return false;
      e.lastCommentAt = now;
      return true;
    },
    prune(now = Date.now()) {
      for (const [id, e] of users) if (now - e.seenAt > 5000) users.delete(id);
    },
  };
}
