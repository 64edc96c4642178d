import { afterEach, describe, expect, it, vi } from "vitest";
import { ALL_MUTED_REFUSED, commentRefusal, commentRulesOf, MUTED_REFUSED, SENSITIVE_REFUSED, type LiveRoomRules } from "@base/live-comment";
import { createLocalBus } from "../../realtime/bus";
import type { LiveAppClient } from "../../realtime/live/app-client";
import { createRooms, type Rooms } from "../../realtime/live/rooms";
import { topics } from "../../realtime/topics";

const LIVE = 7;
const rules: LiveRoomRules = { muteAll: 0, mutedUserIds: [3], words: ["代开发票", "VPN"] };
const cases: [userId: number, content: string][] = [
  [1, "老师讲得很清楚"],
  [1, "哪里可以代开发票"],
  [1, "有没有好用的vpn"],
  [3, "我想提问"],
  [3, "代开发票"],
];

/** A realtime rooms instance whose app answers `rules`; counts the calls it makes for them. */
function roomsWith(r: LiveRoomRules) {
  const bus = createLocalBus();
  const calls = { rules: 0 };
  const client = {
    rules: async () => (calls.rules++, structuredClone(r)),
    saveBatch: async (i: { items: unknown[] }) => ({ saved: i.items.length, ended: [] }),
    presence: async () => ({ count: 0 }),
  } as unknown as LiveAppClient;
  return { bus, calls, rooms: createRooms({ bus, client }) };
}

describe("live comment refusal: one rule for the app and the realtime process", () => {
  let open: { rooms: Rooms; bus: ReturnType<typeof createLocalBus> }[] = [];
  afterEach(async () => {
    for (const o of open) {
      await o.rooms.close();
      await o.bus.close();
    }
    open = [];
  });

  it("the rule: whole room muted, then the learner, then a word in any case", () => {
    const set = commentRulesOf(rules);
    expect(cases.map(([u, c]) => commentRefusal(set, u, c))).toEqual([null, SENSITIVE_REFUSED, SENSITIVE_REFUSED, MUTED_REFUSED, MUTED_REFUSED]);
    expect(commentRefusal(commentRulesOf({ ...rules, muteAll: 1 }), 1, "老师好")).toBe(ALL_MUTED_REFUSED);
  });

  it("the realtime rooms answer exactly what the rule answers, with one rules call for many comments", async () => {
    const t = roomsWith(rules);
    open.push(t);
    const viewer = (userId: number) => ({ userId, nick: `观众${userId}`, sessionId: `s${userId}` });
    const got = [];
    for (const [u, c] of cases) got.push(await t.rooms.comment(LIVE, viewer(u), c));
    expect(got).toEqual(cases.map(([u, c]) => commentRefusal(commentRulesOf(rules), u, c)));
    expect(t.calls.rules).toBe(1);

    // Mute frames from the app update the cached rule set the same rule reads.
    await t.bus.publish(topics.live(LIVE), { type: "mute_user", data: { userId: 1 } });
    expect(await t.rooms.comment(LIVE, viewer(1), "老师好")).toBe(MUTED_REFUSED);
    await t.bus.publish(topics.live(LIVE), { type: "unmute_user", data: { userId: 3 } });
    expect(await t.rooms.comment(LIVE, viewer(3), "老师好")).toBeNull();
    await t.bus.publish(topics.live(LIVE), { type: "mute_all", data: {} });
    expect(await t.rooms.comment(LIVE, viewer(3), "老师好")).toBe(ALL_MUTED_REFUSED);
    expect(t.calls.rules).toBe(1);
  });

  it("a learner's join asks the app for the rules on the next turn, not inside the socket's open handler (decision 021)", async () => {
    const t = roomsWith(rules);
    open.push(t);
    t.rooms.joined(LIVE, { userId: 1, nick: "观众1" });
    expect(t.calls.rules).toBe(0);
    await new Promise((r) => setImmediate(r));
    expect(t.calls.rules).toBe(1);
  });

  it("a room's first comment and a stale rule set ask the app on the next turn too, not inside the message handler", async () => {
    const t = roomsWith(rules);
    open.push(t);
    const first = t.rooms.comment(LIVE, { userId: 1, nick: "观众1", sessionId: "s1" }, "老师好");
    expect(t.calls.rules).toBe(0);
    expect(await first).toBeNull();
    expect(t.calls.rules).toBe(1);
    // A stale set is refreshed behind the comment, which the cached set answers at once.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 10 * 60_000);
    expect(await t.rooms.comment(LIVE, { userId: 3, nick: "观众3", sessionId: "s3" }, "我想提问")).toBe(MUTED_REFUSED);
    expect(t.calls.rules).toBe(1);
    await new Promise((r) => setImmediate(r));
    expect(t.calls.rules).toBe(2);
  });
});
