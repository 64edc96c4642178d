import { afterEach, expect, it, vi } from "vitest";
import { createLocalBus } from "../../realtime/bus";
import type { LiveAppClient } from "../../realtime/live/app-client";
import { createRooms } from "../../realtime/live/rooms";

// A batch whose answer was lost (the app stored it, the call timed out) is retried as it was: the same
// comment ids and the same batch id, so the app counts its likes once (live.test.ts checks the app's side).

type Batch = Parameters<LiveAppClient["saveBatch"]>[0];
const LIVE = 12;
const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) await o.close();
  vi.restoreAllMocks();
});

it("retries a failed batch with its id and contents; what came meanwhile goes in the next batch", async () => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  const bus = createLocalBus();
  const sent: Batch[] = [];
  let lose = 1;
  const client = {
    rules: async () => ({ muteAll: 0, mutedUserIds: [], words: [] }),
    saveBatch: async (b: Batch) => {
      sent.push(structuredClone(b));
      if (lose-- > 0) throw new Error("The operation was aborted due to timeout");
      return { saved: b.items.length, ended: [] };
    },
    presence: async () => ({ count: 0 }),
  } as unknown as LiveAppClient;
  const rooms = createRooms({ bus, client });
  open.push(rooms, bus);

  const viewer = { userId: 5, nick: "王芳", sessionId: "s5" };
  expect(await rooms.comment(LIVE, viewer, "老师讲得很清楚")).toBeNull();
  rooms.like(LIVE, "s5", 3);
  await rooms.flush();
  rooms.like(LIVE, "s5", 2);
  await rooms.flush();
  await rooms.flush();

  expect(sent).toHaveLength(3);
  const [lost, retried, next] = sent as [Batch, Batch, Batch];
  expect(lost.batchId).toMatch(/^[\w-]{8,40}$/);
  expect(retried).toEqual(lost);
  expect(lost).toMatchObject({ liveId: LIVE, likes: [{ sessionId: "s5", count: 3 }], items: [{ userId: 5, content: "老师讲得很清楚" }] });
  expect(next.batchId).not.toBe(lost.batchId);
  expect(next).toMatchObject({ items: [], likes: [{ sessionId: "s5", count: 2 }] });
});
