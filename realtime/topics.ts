// The only place topic strings are built, so publishers and subscribers can never disagree.
export const topics = {
  user: (userId: number | string) => `user/${userId}`,
  live: (liveId: number | string) => `live/${liveId}`,
  /** Ended sessions (no socket subscribes: each realtime process closes the sockets they opened). */
  sessions: () => "sessions",
  /** Users whose sockets an admin closed (no socket subscribes: each realtime process closes its own). */
  disconnect: () => "disconnect",
};

/** The user id of a `user/{id}` topic, or null for any other topic. */
export function userIdOfTopic(topic: string): number | null {
  const m = /^user\/(\d+)$/.exec(topic);
  return m ? Number(m[1]) : null;
}
