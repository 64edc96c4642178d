import { publish } from "../realtime/publish";
import { topics } from "../../realtime/topics";
import type { LiveFrameType } from "../../realtime/protocol";

/** Tells every viewer of a live room, on every realtime process, that something changed. */
export function publishLive(liveId: number, type: LiveFrameType, data: Record<string, unknown> = {}): Promise<boolean> {
  return publish(topics.live(liveId), { type, data, ts: Date.now() });
}
